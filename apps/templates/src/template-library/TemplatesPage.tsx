import { PageFrame } from '@sopwright/ui';

/** Frame of the template library; search and the template cards come with the templates API. */
export default function TemplatesPage() {
  return (
    <PageFrame
      title="Template Library"
      description="Start from one of 80+ free SOP templates across 10 business categories, then make it yours."
    />
  );
}

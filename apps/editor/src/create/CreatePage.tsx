import { Box, Card, Tabs, Text, PageFrame, notify } from '@sopwright/ui';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@sopwright/web-client';
import { sourceTabs } from './source-tabs';
import { buildTemplateNotes, parseTemplateParam } from './template-prefill';
import { PhotosForm } from './PhotosForm';
import { RedactSetting } from './RedactSetting';
import { useRedactSetting } from './redact-setting';
import { RecordingForm } from './RecordingForm';
import { UploadVideoForm } from './UploadVideoForm';
import { WriteProcessForm } from './WriteProcessForm';

const TEXT_TAB = 'text';

/** SOP creation: one tab per source. A `template` query parameter prefills the text tab. */
export default function CreatePage() {
  const [searchParams] = useSearchParams();
  // Read once, on load: the form is the user's from then on.
  const [template] = useState(() => parseTemplateParam(searchParams.get('template')));
  const [title, setTitle] = useState(template?.title ?? '');
  const [notes, setNotes] = useState(template ? buildTemplateNotes(template.steps) : '');
  const [tab, setTab] = useState(TEXT_TAB);
  // One choice for every source, remembered in this browser.
  const [redact, setRedact] = useRedactSetting();

  const announced = useRef(false);
  useEffect(() => {
    // A ref so StrictMode's second effect run does not toast twice.
    if (!template || announced.current) return;
    announced.current = true;
    notify.success('Template loaded');
  }, [template]);

  return (
    <PageFrame title="Create SOP" description="Choose how you want to describe your process.">
      <Card.Root variant="outline" bg="bg" rounded="xl">
        <Card.Body>
          <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="enclosed" fitted>
            <Tabs.List flexWrap="wrap">
              {sourceTabs.map((source) => (
                <Tabs.Trigger key={source.value} value={source.value}>
                  <source.icon /> {source.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {sourceTabs.map((source) => (
              <Tabs.Content key={source.value} value={source.value} pt="6">
                <Text color="fg.muted" mb="5">
                  {source.description}
                </Text>
                {source.value === TEXT_TAB && <WriteProcessForm title={title} notes={notes} onTitleChange={setTitle} onNotesChange={setNotes} redact={redact} />}
                {source.value === 'screen' && <RecordingForm kind="screen" redact={redact} />}
                {source.value === 'audio' && <RecordingForm kind="microphone" redact={redact} />}
                {source.value === 'photos' && <PhotosForm redact={redact} />}
                {source.value === 'video' && <UploadVideoForm redact={redact} />}
                <Box mt="6">
                  <RedactSetting checked={redact} onChange={setRedact} />
                </Box>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Card.Body>
      </Card.Root>
    </PageFrame>
  );
}

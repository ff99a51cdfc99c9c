import { Box, MAIN_CONTENT_ID, PublicHeader } from '@sopwright/ui/base';
import { BlurbGrid } from './BlurbGrid';
import { ClosingCallToAction } from './ClosingCallToAction';
import { HeroSection } from './HeroSection';
import { LandingFooter } from './LandingFooter';
import { FeaturesMenu, TestimonialsMenu } from './LandingMenus';
import { benefits, howItWorks } from './landing-content';

export function LandingPage() {
  return (
    <Box minH="100vh">
      <PublicHeader
        menus={
          <>
            <FeaturesMenu />
            <TestimonialsMenu />
          </>
        }
      />
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} _focus={{ outline: 'none' }}>
        <HeroSection />
        <BlurbGrid
          id="how-it-works"
          title="How it works"
          subtitle="From a rough description to a polished SOP in three steps."
          items={howItWorks}
          numbered
          background="bg.subtle"
        />
        <BlurbGrid
          id="benefits"
          title="Why teams document with Sopwright"
          subtitle="Clear procedures pay off every time someone does the work."
          items={benefits}
        />
        <ClosingCallToAction />
      </Box>
      <LandingFooter />
    </Box>
  );
}

import { Wand2 } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';

export function CaptionGeneratorPage() {
  return (
    <PageLayout
      title="Caption Generator"
      description="Describe your post and get ready-to-use captions for Reddit, Twitter, Instagram and TikTok."
    >
      <ComingSoon
        icon={Wand2}
        title="AI captions are almost ready"
        description="Pick your platforms and a style, add a short idea, and the generator writes titles, captions and hashtags in your voice."
        highlights={[
          'Reddit, Twitter, Instagram and TikTok in one go',
          'Styles from playful to mysterious',
          'Up to five variants per request',
          'Titles, body text and hashtags together',
        ]}
      />
    </PageLayout>
  );
}

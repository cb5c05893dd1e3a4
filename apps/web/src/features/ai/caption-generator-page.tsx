import { PageLayout } from '../../components/page-layout';
import { AiStudio } from './components/ai-studio';

/** /caption-generator: for signed-in users and, within a small daily allowance, for visitors. */
export function CaptionGeneratorPage() {
  return (
    <PageLayout
      title="Caption Generator"
      description="Describe your post and get ready-to-use titles, captions and hashtags for Reddit, Twitter, Instagram and TikTok."
    >
      <AiStudio />
    </PageLayout>
  );
}

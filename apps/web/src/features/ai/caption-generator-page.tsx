import { PageLayout } from '../../components/page-layout';
import { AiStudio } from './components/ai-studio';
import { captionGeneratorTexts } from './lib/caption-generator-texts';

/** /caption-generator: for signed-in users and, within a small daily allowance, for visitors. */
export function CaptionGeneratorPage() {
  return (
    <PageLayout title={captionGeneratorTexts.title} description={captionGeneratorTexts.description}>
      <AiStudio />
    </PageLayout>
  );
}

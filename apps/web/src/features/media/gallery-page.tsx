import { Images } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';

export function GalleryPage() {
  return (
    <PageLayout title="Media Gallery" description="All your images in one place, ready to protect, repost or download.">
      <ComingSoon
        icon={Images}
        title="Your gallery is almost ready"
        description="Upload several images at once, tag them, and protect or repost any of them with one click."
        highlights={[
          'Upload many images at once',
          'One-click protection',
          'Quick repost to Reddit',
          'Download or delete anytime',
        ]}
      />
    </PageLayout>
  );
}

import { ShieldCheck } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';

export function ImageShieldPage() {
  return (
    <PageLayout
      title="ImageShield"
      description="Protect your photos against reverse image search and content theft before you post them."
    >
      <ComingSoon
        icon={ShieldCheck}
        title="Image protection is coming"
        description="Upload a photo, choose light, standard or heavy protection, and download a version that is much harder to trace or steal."
        highlights={[
          'Three protection strengths',
          'Watermarks that stay subtle',
          'Works on the images in your gallery',
          'Keeps your originals private',
        ]}
      />
    </PageLayout>
  );
}

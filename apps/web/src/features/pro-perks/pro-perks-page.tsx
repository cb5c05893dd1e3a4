import { Gift } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';
import { PageLayout } from '../../components/page-layout';

export function ProPerksPage() {
  return (
    <PageLayout title="Pro Perks" description="Exclusive deals and resources for Creator Studio Pro members.">
      <ComingSoon
        icon={Gift}
        title="Perks are being lined up"
        description="Partner discounts, guides and tools picked for creators will be listed here. Pro members get access as soon as they launch."
      />
    </PageLayout>
  );
}

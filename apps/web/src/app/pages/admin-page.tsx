import { Link } from 'react-router';
import { Building2, History, Settings2, Users } from 'lucide-react';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { LazySiteAnalyticsSection } from '../../features/analytics/lazy-sections';
import { AuditLogPanel } from '../../features/admin/components/audit-log-panel';
import { CommunitiesPanel } from '../../features/admin/components/communities-panel';
import { SetupPanel } from '../../features/admin/components/setup-panel';
import { UsersPanel } from '../../features/admin/components/users-panel';

export function AdminPage() {
  return (
    <PageLayout
      title="Admin Portal"
      description="Tools for running Creator Studio."
      actions={
        <Button asChild variant="outline">
          <Link to="/admin/leads">View leads</Link>
        </Button>
      }
    >
      <Tabs defaultValue="users">
        <TabsList aria-label="Admin sections">
          <TabsTrigger value="users">
            <Users aria-hidden="true" />
            Users
          </TabsTrigger>
          <TabsTrigger value="communities">
            <Building2 aria-hidden="true" />
            Communities
          </TabsTrigger>
          <TabsTrigger value="audit">
            <History aria-hidden="true" />
            Audit log
          </TabsTrigger>
          <TabsTrigger value="setup">
            <Settings2 aria-hidden="true" />
            Setup
          </TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersPanel />
        </TabsContent>
        <TabsContent value="communities">
          <CommunitiesPanel />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLogPanel />
        </TabsContent>
        <TabsContent value="setup">
          <SetupPanel />
        </TabsContent>
      </Tabs>
      <LazySiteAnalyticsSection />
    </PageLayout>
  );
}

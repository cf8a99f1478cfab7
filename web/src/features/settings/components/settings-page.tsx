import { Page } from '@/components/ui/page';
import { BlockedPeopleSection } from './blocked-people-section';
import { ChangePasswordSection } from './change-password-section';
import { DeleteAccountSection } from './delete-account-section';
import { NotificationsSection } from './notifications-section';
import { YourDataSection } from './your-data-section';
import './settings-page.css';

/** The account's own controls: password, mails, data download, blocked people, deletion. */
export function SettingsPage() {
  return (
    <Page title="Settings" width="sm" className="settings">
      <ChangePasswordSection />
      <NotificationsSection />
      <YourDataSection />
      <BlockedPeopleSection />
      <DeleteAccountSection />
    </Page>
  );
}

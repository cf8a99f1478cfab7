import { Page } from '@/components/ui/page';
import { BlockedPeopleSection } from './blocked-people-section';
import { ChangePasswordSection } from './change-password-section';
import { DeleteAccountSection } from './delete-account-section';
import { YourDataSection } from './your-data-section';
import './settings-page.css';

/** The account's own controls: password, data download, blocked people, deletion. */
export function SettingsPage() {
  return (
    <Page title="Settings" width="sm" className="settings">
      <ChangePasswordSection />
      <YourDataSection />
      <BlockedPeopleSection />
      <DeleteAccountSection />
    </Page>
  );
}

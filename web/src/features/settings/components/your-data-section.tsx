import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useAction } from '@/lib/query/use-action';
import { exportAccount } from '../api/export-account';
import { SettingsSection } from './settings-section';

/** Saves the export as a file: the browser downloads a blob URL through a temporary link. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function YourDataSection() {
  const download = useAction({
    run: exportAccount,
    failure: 'Download failed',
    onSuccess: (blob) => {
      saveFile(blob, `fated-data-${new Date().toISOString().slice(0, 10)}.json`);
      toast.success('Your data is downloading');
    },
  });

  return (
    <SettingsSection
      title="Your data"
      description="One JSON file with your account, profile, quiz answers, matches, waitlist place, blocks, reports, connections, the messages you sent and your photo."
    >
      <div>
        <Button variant="secondary" loading={download.isPending} onClick={() => download.mutate()}>
          Download my data
        </Button>
      </div>
    </SettingsSection>
  );
}

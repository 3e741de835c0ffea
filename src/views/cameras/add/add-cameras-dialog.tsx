/**
 * The add-cameras dialog (spec 2): Auto (discover and bulk register) and
 * Manual (one camera by its address) tabs. It cannot be dismissed while a
 * search, registration or removal runs. On close it hands the screen the
 * cameras registered, for the completion message on the list.
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState, type ReactElement } from 'react';
import { AppDialog } from '../../../components/ui/dialog';
import { t } from '../../../i18n/translate';
import { AutoTab } from './auto-tab';
import type { RegisteredCamera } from './bulk-registration';
import { ManualTab } from './manual-tab';

export interface AddCamerasDialogProps {
  onClose: (registered: RegisteredCamera[]) => void;
}

export function AddCamerasDialog({ onClose }: AddCamerasDialogProps): ReactElement {
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState<RegisteredCamera[]>([]);
  return (
    <AppDialog open title={t('cameras.addTitle')} onClose={() => onClose(registered)} size="large" dismissible={!busy}>
      <TabGroup className="add-cameras">
        <TabList className="dialog-tabs">
          <Tab className="dialog-tab" disabled={busy}>
            {t('cameras.tabAuto')}
          </Tab>
          <Tab className="dialog-tab" disabled={busy}>
            {t('cameras.tabManual')}
          </Tab>
        </TabList>
        <TabPanels>
          <TabPanel unmount={false}>
            <AutoTab onBusyChange={setBusy} onRegisteredChange={setRegistered} onAllRegistered={(all) => onClose(all)} />
          </TabPanel>
          <TabPanel>
            <ManualTab onBusyChange={setBusy} onAdded={(camera) => onClose([...registered, camera])} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </AppDialog>
  );
}

/**
 * The servers dashboard (spec 2, multi-server edition, administrators):
 * every registered recorder with its health and why it is not healthy,
 * version, cameras online, license expiry, and register, edit, check again
 * and unregister; its system status and report open in the server admin
 * container (server-admin-view.tsx). The list is read again every minute (spec 9) and after
 * every change.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { Orchid } from '../../../server/shared/api';
import { DataTable, type DataTableColumn } from '../../components/table/data-table';
import { RowActionButton, RowActionLink, RowActions } from '../../components/table/row-actions';
import { TableCard } from '../../components/table/table-card';
import { Icon } from '../../components/ui/icon';
import { PageFrame } from '../../components/ui/page-frame';
import { t, type MessageKey } from '../../i18n/translate';
import { followOrchids, orchidsState, refreshOrchid } from '../../state/orchids.store';
import { serverAdminHref } from './server-admin-sections';
import { ServerDialog } from './server-dialog';
import type { ServerFormTarget } from './server-form';
import { UnregisterServerDialog } from './unregister-server-dialog';
import './servers.css';

/** License expiries beyond this mean the license does not expire (spec 3). */
const NEVER_EXPIRES_MS = 8_623_372_036_854_776;

function licenseText(expiry: number | null): string {
  if (expiry === null) return '—';
  if (expiry > NEVER_EXPIRES_MS) return t('servers.licenseNever');
  return new Date(expiry).toLocaleDateString();
}

/** The optional-col columns are left out on a narrow screen (servers.css). */
const columns = (): DataTableColumn[] => [
  { label: t('servers.name') },
  { label: t('servers.url'), className: 'optional-col' },
  { label: t('servers.health') },
  { label: t('servers.version'), className: 'optional-col' },
  { label: t('servers.cameras') },
  { label: t('servers.license'), className: 'optional-col' },
];

function HealthChip({ orchid }: { orchid: Orchid }): ReactElement {
  return (
    <>
      <span className={`status-chip server-health health-${orchid.health}`} data-testid="server-health">
        {orchid.health !== 'healthy' && <Icon name="warning" size={14} />}
        {t(`servers.health.${orchid.health}` as MessageKey)}
      </span>
      {orchid.failureReason && (
        <span className="server-failure" data-testid="server-failure">
          {orchid.failureReason}
        </span>
      )}
    </>
  );
}

export function ServersView(): ReactElement {
  const orchids = useSnapshot(orchidsState);
  // The store keeps each server as a ref(): the snapshot hands back the stored objects themselves.
  const list = orchids.orchids as readonly Orchid[];
  const [editing, setEditing] = useState<ServerFormTarget | null>(null);
  const [unregistering, setUnregistering] = useState<Orchid | null>(null);
  const [checking, setChecking] = useState<ReadonlySet<string>>(new Set());
  const [checkError, setCheckError] = useState<string | null>(null);

  useEffect(() => followOrchids(), []);

  const check = async (orchid: Orchid) => {
    setChecking((previous) => new Set(previous).add(orchid.id));
    const result = await refreshOrchid(orchid.id);
    setCheckError(result.ok ? null : `${orchid.name}: ${result.message}`);
    setChecking((previous) => {
      const next = new Set(previous);
      next.delete(orchid.id);
      return next;
    });
  };

  return (
    <PageFrame
      title={t('servers.title')}
      subtitle={t('servers.subtitle', { count: orchids.orchids.length })}
      width="wide"
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'register' })}>
          <Icon name="plus" size={16} />
          {t('servers.register')}
        </button>
      }
    >
      <TableCard errors={[orchids.loadError, checkError]} loading={orchids.status === 'loading' && orchids.orchids.length === 0}>
        {orchids.status === 'ready' && orchids.orchids.length === 0 && <p className="muted empty-note">{t('servers.empty')}</p>}
        {orchids.orchids.length > 0 && (
          <DataTable label={t('servers.tableLabel')} className="servers-table" columns={columns()} actionsLabel={t('servers.actions')}>
            {list.map((orchid) => (
              <tr key={orchid.id} data-testid={`server-row-${orchid.name}`}>
                <td className="strong">{orchid.name}</td>
                <td className="muted server-url optional-col">{orchid.uri}</td>
                <td>
                  <HealthChip orchid={orchid} />
                </td>
                <td className="optional-col">{orchid.version?.version ?? '—'}</td>
                <td data-testid="server-cameras">{t('servers.camerasOnline', { online: orchid.camerasOnline, total: orchid.cameras })}</td>
                <td className="optional-col">{licenseText(orchid.licenseExpiry)}</td>
                <RowActions>
                  <RowActionLink icon="status" to={serverAdminHref(orchid.id, 'system-status')} label={t('servers.statusOf', { name: orchid.name })} title={t('nav.systemStatus')} />
                  <RowActionLink icon="report" to={serverAdminHref(orchid.id, 'system-report')} label={t('servers.reportOf', { name: orchid.name })} title={t('nav.systemReport')} />
                  <RowActionButton
                    icon="refresh"
                    label={t('servers.refreshServer', { name: orchid.name })}
                    title={orchid.checkedAt ? t('servers.checkedAt', { time: new Date(orchid.checkedAt).toLocaleTimeString() }) : t('servers.notChecked')}
                    disabled={checking.has(orchid.id)}
                    onClick={() => void check(orchid)}
                  />
                  <RowActionButton icon="edit" label={t('servers.editServer', { name: orchid.name })} title={t('common.edit')} onClick={() => setEditing({ kind: 'edit', orchid })} />
                  <RowActionButton icon="trash" danger label={t('servers.unregisterServer', { name: orchid.name })} title={t('servers.unregister')} onClick={() => setUnregistering(orchid)} />
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
      </TableCard>
      {editing && <ServerDialog target={editing} onClose={() => setEditing(null)} />}
      {unregistering && <UnregisterServerDialog orchid={unregistering} onClose={() => setUnregistering(null)} />}
    </PageFrame>
  );
}

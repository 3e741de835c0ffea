/**
 * The table of servers in the bulk dialogs (spec 2): an apply checkbox per
 * server (disabled where applying does nothing), the server, the existing
 * username and role there, and the action text (spec 5 and 8); after a
 * save, each applied server's outcome in place of its action, so a server's
 * refusal stays on screen next to that server. The row of the account the
 * aggregator signs in with there starts unticked and says why
 * (server-user-rows.ts).
 */
import type { ReactElement } from 'react';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { t, type MessageKey } from '../../i18n/translate';
import type { ServerUserOutcome } from '../../state/server-users';
import { cutsOffServer, isApplicable, isTicked, type ServerUserAction, type ServerUserRow } from './server-user-rows';
import type { ServerUsersState } from './use-server-users';

const ACTION_TEXT: Record<ServerUserAction, MessageKey> = {
  add: 'users.action.add',
  update: 'users.action.update',
  remove: 'users.action.remove',
  absent: 'users.action.absent',
  locked: 'users.action.locked',
  unreachable: 'users.action.unreachable',
};

function ActionCell({ row, outcome }: { row: ServerUserRow; outcome: ServerUserOutcome | undefined }): ReactElement {
  if (outcome?.ok) return <td className="outcome-done">{t('users.outcome.done')}</td>;
  if (outcome) return <td className="outcome-failed">{t('users.outcome.failed', { message: outcome.message })}</td>;
  return (
    <td className={isApplicable(row) ? undefined : 'muted'} title={row.reason}>
      {t(ACTION_TEXT[row.action])}
      {cutsOffServer(row) && <span className="server-user-warning">{t('users.aggregatorAccountWarning')}</span>}
    </td>
  );
}

export interface ServerUsersTableProps {
  table: ServerUsersState;
  rows: readonly ServerUserRow[];
  disabled: boolean;
}

export function ServerUsersTable({ table, rows, disabled }: ServerUsersTableProps): ReactElement {
  if (table.status === 'failed') return <Notice kind="error">{table.loadError}</Notice>;
  if (table.status !== 'ready') return <Spinner label={t('users.serversLoading')} />;
  if (rows.length === 0) return <p className="muted">{t('users.noServers')}</p>;
  return (
    <div className="server-users">
      <table className="data-table server-users-table" aria-label={t('users.serversLabel')}>
        <thead>
          <tr>
            <th scope="col">{t('users.apply')}</th>
            <th scope="col">{t('users.server')}</th>
            <th scope="col">{t('users.existingUsername')}</th>
            <th scope="col">{t('users.role')}</th>
            <th scope="col">{t('users.action')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const applicable = isApplicable(row);
            return (
              <tr key={row.orchidId} data-testid={`server-user-row-${row.serverName}`}>
                <td>
                  <input
                    type="checkbox"
                    className="checkbox"
                    aria-label={t('users.applyOn', { server: row.serverName })}
                    checked={isTicked(row, table.ticks)}
                    disabled={disabled || !applicable}
                    onChange={(event) => table.setTicked(row.orchidId, event.target.checked)}
                  />
                </td>
                <td className="strong">{row.serverName}</td>
                <td>{row.existing?.username ?? '—'}</td>
                <td>{row.existing?.role ?? '—'}</td>
                <ActionCell row={row} outcome={table.outcomes.get(row.orchidId)} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

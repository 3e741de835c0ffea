/**
 * Activation (spec 2, 3, 7): the license table (edition, cameras, retention,
 * expiry or 'n/a' with the days left, activation code, location, machine id,
 * support expiry, status), Add license (the license dialog), Remove license
 * (only with a license to remove), and Detach from trusted issuer (only when
 * GET /service/trusted/issuer names one; its 404 means none).
 * Administrators, single-server mode (the route guard; the recorder checks
 * the 'license' ability too). Loaded when the route first opens.
 *
 * The session comes from the discoverable orchid, read again on opening so
 * the table is current; add and remove update it (license.store).
 */
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { LicenseSession, TrustedIssuer } from '../../../server/shared/api';
import { describeApiError } from '../../api/error-message';
import { licenseApi } from '../../api/license-api';
import { Notice } from '../../components/ui/notice';
import { PageFrame } from '../../components/ui/page-frame';
import { Spinner } from '../../components/ui/spinner';
import { formatExpiry, remainingDays } from '../../core/license/license-rules';
import { t } from '../../i18n/translate';
import { licenseState, refreshLicense } from '../../state/license.store';
import { DetachIssuerDialog, RemoveLicenseDialog } from './license-confirm-dialogs';
import { LicenseDialog } from './license-dialog';
import './activation.css';

function LicenseTable({ session }: { session: LicenseSession }): ReactElement {
  const { license } = session;
  const none = t('activation.none');
  const na = t('activation.notApplicable');
  const days = remainingDays(session, Date.now());
  const rows: Array<[string, string]> = [
    [t('activation.edition'), license.brandedEdition],
    [t('activation.cameras'), String(license.cameras)],
    [t('activation.retention'), license.retentionDescription],
    [t('activation.expires'), days === null ? na : `${formatExpiry(license.expires, na)} (${t('activation.remaining', { count: days })})`],
    [t('activation.code'), license.activationCode ?? none],
    [t('activation.location'), session.location ?? none],
    [t('activation.machineId'), session.machineId],
    [t('activation.supportExpiry'), formatExpiry(session.supportExpiry, na)],
    [t('activation.status'), session.state.description],
  ];
  return (
    <table className="data-table license-table" aria-label={t('activation.tableLabel')}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ActivationView(): ReactElement {
  const license = useSnapshot(licenseState);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [issuer, setIssuer] = useState<TrustedIssuer | null>(null);
  const [dialog, setDialog] = useState<'add' | 'remove' | 'detach' | null>(null);

  const load = useCallback(async () => {
    try {
      await refreshLicense();
      setLoadError(null);
    } catch (error) {
      setLoadError(`${t('activation.loadFailed')} ${describeApiError(error)}`);
    }
    // 404 (or any failure) means no issuer to detach from: the button stays hidden.
    setIssuer(await licenseApi.trustedIssuer().catch(() => null));
  }, []);

  useEffect(() => void load(), [load]);

  const session = license.session as LicenseSession | null;
  const actions = session && (
    <div className="page-actions">
      {session.licenseKey !== null && (
        <button type="button" className="btn" onClick={() => setDialog('remove')}>
          {t('activation.remove')}
        </button>
      )}
      <button type="button" className="btn btn-primary" onClick={() => setDialog('add')}>
        {t('activation.add')}
      </button>
    </div>
  );
  return (
    <PageFrame title={t('activation.title')} subtitle={t('activation.subtitle')} actions={actions}>
      {loadError && <Notice kind="error">{loadError}</Notice>}
      {!session && !loadError && <Spinner label={t('common.loading')} />}
      {session && (
        <section className="card">
          <LicenseTable session={session} />
        </section>
      )}
      {issuer && (
        <section className="card">
          <p>{issuer.url ? t('activation.trustedIssuer', { name: issuer.name, url: issuer.url }) : t('activation.trustedIssuerName', { name: issuer.name })}</p>
          <button type="button" className="btn" onClick={() => setDialog('detach')}>
            {t('activation.detach')}
          </button>
        </section>
      )}
      {session && (
        <LicenseDialog
          open={dialog === 'add'}
          onClose={() => setDialog(null)}
          activationUrl={license.activationUrl}
          machineId={session.machineId}
          currentActivationCode={session.license.activationCode}
        />
      )}
      <RemoveLicenseDialog open={dialog === 'remove'} onClose={() => setDialog(null)} />
      <DetachIssuerDialog issuer={dialog === 'detach' ? issuer : null} onClose={() => setDialog(null)} onDetached={() => setIssuer(null)} />
    </PageFrame>
  );
}

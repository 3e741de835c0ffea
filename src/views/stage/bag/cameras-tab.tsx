/**
 * The bag's Cameras tab (spec 2): search chips, group breadcrumbs from
 * Home, servers with expandable camera lists (warning icon and failure
 * reason when a server is unavailable), Clear Stage, and the two empty
 * states: administrators see 'no servers configured' with a link to
 * register, others 'no accessible servers'.
 */
import { useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { isAdministrator } from '../../../../server/shared/roles';
import { PlayerIcon } from '../../../components/player/player-icon';
import { Spinner } from '../../../components/ui/spinner';
import { t } from '../../../i18n/translate';
import { sessionState } from '../../../state/session.store';
import { bagServers, federatedBagServers, filterCameras, stageBagActions, stageBagState, type BagLayout } from '../../../state/stage-bag.store';
import { serverMode, serverState } from '../../../state/server.store';
import { stageActions } from '../../../state/stage.store';
import { CameraEntry } from './camera-entry';

function serverName(): string {
  return globalThis.location?.hostname || 'Recorder';
}

export function CamerasTab({ layout }: { layout: BagLayout }): ReactElement {
  const bag = useSnapshot(stageBagState);
  const { session } = useSnapshot(sessionState);
  const [query, setQuery] = useState('');
  const server = useSnapshot(serverState);
  const multiServer = serverMode(server) === 'multi-server';
  const servers = multiServer ? federatedBagServers(bag as typeof stageBagState, bag.orchids) : bagServers(bag as typeof stageBagState, serverName());

  return (
    <div className="bag-tab cameras-tab">
      <div className="bag-search">
        <label className="bag-search-field">
          <PlayerIcon name="search" size={14} />
          <input
            className="bag-search-input"
            type="search"
            value={query}
            placeholder={t('bag.search')}
            aria-label={t('bag.search')}
            title={t('bag.searchHint')}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && query.trim()) {
                stageBagActions.addChip(query);
                setQuery('');
              } else if (event.key === 'Backspace' && query === '' && bag.chips.length > 0) {
                stageBagActions.removeChip(bag.chips[bag.chips.length - 1]!);
              }
            }}
          />
        </label>
        {bag.chips.length > 0 && (
          <ul className="chips" aria-label={t('bag.search')}>
            {bag.chips.map((chip) => (
              <li key={chip} className="chip">
                {chip}
                <button type="button" className="chip-remove" aria-label={t('bag.removeChip', { chip })} onClick={() => stageBagActions.removeChip(chip)}>
                  <PlayerIcon name="close" size={11} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <nav className="breadcrumbs" aria-label={t('bag.breadcrumbs')}>
        <ol>
          <li aria-current="page">{t('bag.home')}</li>
        </ol>
      </nav>
      <div className="bag-servers">
        {bag.status === 'loading' && <Spinner label={t('common.loading')} />}
        {bag.status !== 'loading' && servers.length === 0 && (
          <div className="bag-empty" role="status">
            <PlayerIcon name="server" size={28} />
            {isAdministrator(session?.role) ? (
              <>
                <strong>{t('bag.noServersConfigured')}</strong>
                <span className="muted">{t('bag.noServersConfiguredHint')}</span>
                <Link to={multiServer ? '/servers' : '/cameras'} className="btn btn-primary">
                  {t('bag.registerServer')}
                </Link>
              </>
            ) : (
              <>
                <strong>{t('bag.noAccessibleServers')}</strong>
                <span className="muted">{t('bag.noAccessibleServersHint')}</span>
              </>
            )}
          </div>
        )}
        {servers.map((server) => {
          const open = !bag.folded[server.id];
          const cameras = filterCameras(server.cameras, bag.chips);
          return (
            <section key={server.id} className="bag-server" aria-label={t('bag.server', { name: server.name })}>
              <button
                type="button"
                className="bag-server-header"
                aria-expanded={open}
                aria-label={t('bag.toggleServer', { name: server.name })}
                onClick={() => stageBagActions.toggleServer(server.id)}
              >
                <PlayerIcon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
                <span className="bag-server-name">{server.name}</span>
                {server.available ? (
                  <span className="bag-server-count">{t('bag.camerasCount', { count: server.cameras.length })}</span>
                ) : (
                  <span className="bag-server-warning" role="img" aria-label={t('bag.serverUnavailable')}>
                    <PlayerIcon name="warning" size={14} />
                  </span>
                )}
              </button>
              {!server.available && (
                <p className="bag-server-reason" role="alert">
                  {t('bag.serverUnavailable')}: {server.failureReason}
                </p>
              )}
              {open && server.available && (
                <ul className={`bag-cameras layout-${layout}`}>
                  {cameras.map((camera) => (
                    <CameraEntry key={camera.id} camera={camera} layout={layout} serverAvailable={server.available} />
                  ))}
                  {cameras.length === 0 && <li className="muted bag-no-match">{t('bag.noMatches')}</li>}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      <div className="bag-footer">
        <button type="button" className="btn btn-block" onClick={() => stageActions.clear()}>
          <PlayerIcon name="clear" size={14} />
          {t('bag.clearStage')}
        </button>
      </div>
    </div>
  );
}

/**
 * The player tile's header (spec 2 "Player"): full screen, the camera title
 * with the zoom percent, dewarp (Off, Perspective, Panorama; dewarp cameras
 * only), PTZ toggle (PTZ cameras), volume cycling 0, 0.5, 1, the
 * player-mode toggle, statistics, time zones, link/unlink to the master
 * timeline (hidden for a Live Viewer, who plays live only) and close. Every button has an
 * accessible name; the header shows on hover or focus (always on touch).
 * The player options (spec 3) may leave buttons out (the single player's
 * arguments); a stage tile shows them all.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { ReactElement } from 'react';
import { t, type MessageKey } from '../../i18n/translate';
import type { PlayerType } from '../../media/stage-media';
import type { PlayerOptions } from '../../core/player/player-options';
import { PlayerIcon, type PlayerIconName } from './player-icon';

export type TilePane = 'stats' | 'timezones' | 'ptz' | null;

/** The header buttons the player options (spec 3) can leave out; one left unsaid shows. */
export type HeaderOptions = Partial<
  Pick<PlayerOptions, 'showDewarp' | 'showPtz' | 'showStats' | 'showPlayerMode' | 'showClose' | 'showVolume' | 'showFullScreen' | 'showTimezoneOffset'>
>;

export interface PlayerHeaderProps {
  name: string;
  /** The zoom shown beside the title (digital zoom past 100 %, or a perspective view's dewarp zoom); null shows none. */
  zoomPercent: number | null;
  fullScreen: boolean;
  dewarpAvailable: boolean;
  dewarpMode: 0 | 1 | 2;
  ptzAvailable: boolean;
  volume: number;
  type: PlayerType;
  canSwitchType: boolean;
  pane: TilePane;
  /** Whether the tile follows the master timeline; null hides the toggle. */
  linked: boolean | null;
  onToggleLink(): void;
  onFullScreen(): void;
  onDewarp(mode: 0 | 1 | 2): void;
  onVolume(): void;
  onSwitchType(): void;
  onPane(pane: TilePane): void;
  onClose(): void;
  /** Buttons to leave out (false); all show when absent. */
  options?: HeaderOptions;
}

interface HeaderAction {
  label: string;
  icon: PlayerIconName;
  onClick(): void;
  pressed?: boolean;
}

function HeaderButton(
  props: HeaderAction & {
    disabled?: boolean;
    /** Hidden on narrow tiles, which offer it in their "More" menu. */
    optional?: boolean;
  },
): ReactElement {
  return (
    <button
      type="button"
      className={props.optional ? 'tile-button optional' : 'tile-button'}
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <PlayerIcon name={props.icon} />
    </button>
  );
}

/** A header menu entry, ticked when its mode or pane is the current one. */
function CheckMenuItem(props: { label: string; checked: boolean; onClick(): void }): ReactElement {
  return (
    <MenuItem>
      <button type="button" className="menu-item" onClick={props.onClick}>
        <span className="menu-check" aria-hidden="true">
          {props.checked ? '✓' : ''}
        </span>
        {props.label}
      </button>
    </MenuItem>
  );
}

function volumeIcon(volume: number): PlayerIconName {
  return volume === 0 ? 'volumeOff' : volume < 1 ? 'volumeLow' : 'volumeHigh';
}

const DEWARP_MODES = [0, 1, 2] as const;

export function PlayerHeader(props: PlayerHeaderProps): ReactElement {
  const options = props.options ?? {};
  const shown = (name: keyof HeaderOptions) => options[name] !== false;
  const dewarpAvailable = props.dewarpAvailable && shown('showDewarp');
  const togglePane = (pane: Exclude<TilePane, null>) => props.onPane(props.pane === pane ? null : pane);
  const modeName = t(`tile.mode.${props.type}` as MessageKey);
  // The actions a narrow tile hides from its header (a wall of many small
  // players keeps full screen, mode and close); its "More" menu offers them.
  const extras: { ptz: HeaderAction | null; volume: HeaderAction | null; link: HeaderAction | null; stats: HeaderAction | null; timezones: HeaderAction | null } = {
    ptz: props.ptzAvailable && shown('showPtz') ? { label: t('tile.ptz'), icon: 'ptz', pressed: props.pane === 'ptz', onClick: () => togglePane('ptz') } : null,
    volume: shown('showVolume')
      ? {
          label: t('tile.volume', { level: props.volume === 0 ? t('tile.volumeMuted') : `${Math.round(props.volume * 100)}%` }),
          icon: volumeIcon(props.volume),
          onClick: props.onVolume,
        }
      : null,
    link:
      props.linked === null
        ? null
        : { label: props.linked ? t('tile.unlink') : t('tile.link'), icon: props.linked ? 'link' : 'unlink', onClick: props.onToggleLink },
    stats: shown('showStats') ? { label: t('tile.stats'), icon: 'stats', pressed: props.pane === 'stats', onClick: () => togglePane('stats') } : null,
    timezones: shown('showTimezoneOffset')
      ? { label: t('tile.timezones'), icon: 'timezone', pressed: props.pane === 'timezones', onClick: () => togglePane('timezones') }
      : null,
  };
  return (
    <div className="tile-header" data-grid-ignore="">
      {shown('showFullScreen') && (
        <HeaderButton
          label={props.fullScreen ? t('tile.exitFullScreen') : t('tile.fullScreen')}
          icon={props.fullScreen ? 'exitFullScreen' : 'fullScreen'}
          onClick={props.onFullScreen}
        />
      )}
      <span className="tile-title" title={props.name}>
        <span className="tile-name">{props.name}</span>
        {props.zoomPercent !== null && (
          <span className="tile-zoom" data-testid="tile-zoom">
            {t('tile.zoom', { percent: props.zoomPercent })}
          </span>
        )}
      </span>
      <span className="tile-actions">
        {dewarpAvailable && (
          <Menu>
            <MenuButton className="tile-button optional" aria-label={t('tile.dewarp', { mode: t(`tile.dewarp.${props.dewarpMode}` as MessageKey) })}>
              <PlayerIcon name="dewarp" />
            </MenuButton>
            <MenuItems anchor="bottom end" className="menu-items tile-menu">
              {DEWARP_MODES.map((mode) => (
                <CheckMenuItem key={mode} label={t(`tile.dewarp.${mode}` as MessageKey)} checked={props.dewarpMode === mode} onClick={() => props.onDewarp(mode)} />
              ))}
            </MenuItems>
          </Menu>
        )}
        {extras.ptz && <HeaderButton optional {...extras.ptz} />}
        {extras.volume && <HeaderButton optional {...extras.volume} />}
        {shown('showPlayerMode') && (
          <HeaderButton
            label={t('tile.playerMode', { mode: modeName })}
            icon={props.type === 'webrtc' ? 'webrtc' : 'lowBandwidth'}
            disabled={!props.canSwitchType}
            onClick={props.onSwitchType}
          />
        )}
        {extras.link && <HeaderButton optional {...extras.link} />}
        {extras.stats && <HeaderButton optional {...extras.stats} />}
        {extras.timezones && <HeaderButton optional {...extras.timezones} />}
        <Menu>
          <MenuButton className="tile-button overflow" aria-label={t('tile.more')} title={t('tile.more')}>
            <PlayerIcon name="more" />
          </MenuButton>
          <MenuItems anchor="bottom end" className="menu-items tile-menu">
            {dewarpAvailable &&
              DEWARP_MODES.map((mode) => (
                <CheckMenuItem
                  key={`dewarp-${mode}`}
                  label={t(`tile.dewarp.${mode}` as MessageKey)}
                  checked={props.dewarpMode === mode}
                  onClick={() => props.onDewarp(mode)}
                />
              ))}
            {Object.entries(extras).map(
              ([key, action]) => action && <CheckMenuItem key={key} label={action.label} checked={action.pressed === true} onClick={action.onClick} />,
            )}
          </MenuItems>
        </Menu>
        {shown('showClose') && <HeaderButton label={t('tile.close', { name: props.name })} icon="close" onClick={props.onClose} />}
      </span>
    </div>
  );
}

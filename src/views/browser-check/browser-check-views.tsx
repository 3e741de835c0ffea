/**
 * The browser-check screens of the sign-in entry checks (spec 2): no web
 * storage (incognito hint), no WebSockets, unsupported browser (continue
 * anyway) and the old-browser 'dinosaur' screen (continue in compatibility
 * mode, which plays video as low-bandwidth images).
 */
import type { ReactElement, ReactNode } from 'react';
import { BRAND } from '../../brand/brand';
import { Logo } from '../../brand/logo';
import { Icon, type IconName } from '../../components/ui/icon';
import { t } from '../../i18n/translate';

/** The pixel dinosaur of the old-browser screen, drawn from a 16x16 map. */
const DINOSAUR = [
  '........######..',
  '.......##.#####.',
  '.......########.',
  '.......########.',
  '.......####.....',
  '.......######...',
  '#.....#####.....',
  '#....#######....',
  '##..#########...',
  '##########.#....',
  '.#########......',
  '..#######.......',
  '...#####........',
  '....##.##.......',
  '....#...#.......',
  '....##..##......',
];

function DinosaurIcon(): ReactElement {
  const runs: Array<{ x: number; y: number; width: number }> = [];
  DINOSAUR.forEach((row, y) => {
    for (const match of row.matchAll(/#+/g)) runs.push({ x: match.index, y, width: match[0].length });
  });
  return (
    <svg className="message-icon pixel-icon" width={48} height={48} viewBox="0 0 16 16" aria-hidden="true" shapeRendering="crispEdges">
      {runs.map((run) => (
        <rect key={`${run.x}-${run.y}`} x={run.x} y={run.y} width={run.width} height={1} fill="currentColor" />
      ))}
    </svg>
  );
}

interface FrameProps {
  icon: IconName | 'dinosaur';
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  testId: string;
}

function BrowserCheckFrame({ icon, title, children, actions, testId }: FrameProps): ReactElement {
  return (
    <main className="center-screen browser-check" data-testid={testId}>
      <div className="message-card">
        <div className="message-brand">
          <Logo size={26} />
        </div>
        {icon === 'dinosaur' ? <DinosaurIcon /> : <Icon name={icon} size={44} className="message-icon" />}
        <h1>{title}</h1>
        <div className="message-text">{children}</div>
        {actions && <div className="message-actions">{actions}</div>}
      </div>
    </main>
  );
}

function RecommendedBrowsers(): ReactElement {
  return <p className="muted">{t('browserCheck.recommended')}</p>;
}

export function IncognitoView(): ReactElement {
  return (
    <BrowserCheckFrame icon="incognito" title={t('browserCheck.incognitoTitle')} testId="incognito-screen">
      <p>{t('browserCheck.incognitoText', { product: BRAND.productName })}</p>
      <p className="muted">{t('browserCheck.incognitoHint')}</p>
    </BrowserCheckFrame>
  );
}

export function UnsupportedWebSocketView(): ReactElement {
  return (
    <BrowserCheckFrame icon="unplugged" title={t('browserCheck.noWebSocketTitle')} testId="unsupported-ws-screen">
      <p>{t('browserCheck.noWebSocketText', { product: BRAND.productName })}</p>
      <RecommendedBrowsers />
    </BrowserCheckFrame>
  );
}

export function UnsupportedBrowserView({ onContinue }: { onContinue: () => void }): ReactElement {
  return (
    <BrowserCheckFrame
      icon="browser"
      title={t('browserCheck.unsupportedTitle')}
      testId="unsupported-browser-screen"
      actions={
        <button type="button" className="btn btn-link" onClick={onContinue}>
          {t('browserCheck.continueAnyway')}
        </button>
      }
    >
      <p>{t('browserCheck.unsupportedText', { product: BRAND.productName })}</p>
      <RecommendedBrowsers />
    </BrowserCheckFrame>
  );
}

export function OldBrowserView({ onCompatibilityMode }: { onCompatibilityMode: () => void }): ReactElement {
  return (
    <BrowserCheckFrame
      icon="dinosaur"
      title={t('browserCheck.oldTitle')}
      testId="old-browser-screen"
      actions={
        <button type="button" className="btn btn-primary" onClick={onCompatibilityMode}>
          {t('browserCheck.compatibilityMode')}
        </button>
      }
    >
      <p>{t('browserCheck.oldText')}</p>
      <RecommendedBrowsers />
    </BrowserCheckFrame>
  );
}

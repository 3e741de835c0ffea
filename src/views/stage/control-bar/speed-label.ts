/** How a speed step reads on the control bar: '¼×', '1×', '−16×' (a true minus sign for reverse). */
import { t } from '../../../i18n/translate';

const FRACTIONS: Record<number, string> = { 0.25: '¼', 0.5: '½' };

export function speedLabel(speed: number): string {
  const size = Math.abs(speed);
  const figure = FRACTIONS[size] ?? String(size);
  return t('timeline.speedValue', { speed: speed < 0 ? `−${figure}` : figure });
}

/**
 * The embedding page of the example host: an iframe showing the recorder's
 * single player, and the script that answers the player's token requests
 * (docs/embedding.md, "The token message"). The script is served as its own
 * file (/embed.js), so the page works under a strict Content-Security-Policy.
 */
import { PLAYER_STATUS_MESSAGE, TOKEN_MESSAGE, TOKEN_REQUEST_MESSAGE } from '../../server/shared/embed-messages';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page around the player; `playerUrl` is the recorder's /player address with its arguments. */
export function hostPage(playerUrl: string | null): string {
  const body = playerUrl
    ? `<iframe id="player" title="Camera" src="${escapeHtml(playerUrl)}" allow="fullscreen; autoplay"></iframe>
    <p>Player: <output id="player-status">starting</output></p>`
    : `<form method="get">
      <label>Stream id <input name="stream" required></label>
      <button>Show</button>
    </form>`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Embedded camera</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="/embed.css">
  </head>
  <body>
    <h1>Embedded camera</h1>
    ${body}
    <script src="/embed.js"></script>
  </body>
</html>
`;
}

export const HOST_CSS = `body { font-family: system-ui, sans-serif; margin: 24px; }
#player { width: 960px; max-width: 100%; aspect-ratio: 16 / 10; border: 1px solid #ccc; }
`;

/**
 * The page's script. It answers only the player in its own frame, coming
 * from the recorder's origin, and posts the token to that origin only.
 * Each answer is a fresh token from this host's server (POST /token), so
 * the player's renewals get new ones.
 */
export const HOST_SCRIPT = `(() => {
  const frame = document.getElementById('player');
  if (!frame) return;
  const recorderOrigin = new URL(frame.src).origin;
  const status = document.getElementById('player-status');
  window.addEventListener('message', async (event) => {
    if (event.source !== frame.contentWindow || event.origin !== recorderOrigin) return;
    const message = event.data || {};
    if (message.type === ${JSON.stringify(PLAYER_STATUS_MESSAGE)}) {
      status.value = message.error ? message.status + ': ' + message.error : message.status;
      return;
    }
    if (message.type !== ${JSON.stringify(TOKEN_REQUEST_MESSAGE)}) return;
    const response = await fetch('/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    if (!response.ok) return;
    const { token } = await response.json();
    frame.contentWindow.postMessage({ type: ${JSON.stringify(TOKEN_MESSAGE)}, token }, recorderOrigin);
  });
})();
`;

// The review panel's HTML shell: a strict Content Security Policy (nothing remote, scripts
// only with this load's nonce), the stylesheet and script from media/. Plain logic.
import { randomBytes } from 'node:crypto';

export interface PanelAssets {
  /** The webview's cspSource (which origins its local resources come from). */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
}

export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

export function panelHtml(assets: PanelAssets, nonce: string): string {
  const csp = [
    "default-src 'none'",
    `style-src ${assets.cspSource}`,
    `img-src ${assets.cspSource}`,
    `font-src ${assets.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${assets.styleUri}">
<title>DeepDebug</title>
</head>
<body>
<main id="deepdebug-panel" aria-label="DeepDebug review" aria-live="polite"></main>
<script nonce="${nonce}" src="${assets.scriptUri}"></script>
</body>
</html>`;
}

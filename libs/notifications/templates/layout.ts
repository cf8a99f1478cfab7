const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

export { escapeHtml };

/** Why the reader got the mail, at its foot: each mail says which applies to it. */
export const FOOTERS = {
  /** To an address nobody has proven yet. */
  signUp:
    "You received this because someone signed up for Fated with this address. If it wasn't you, ignore this mail.",
  /** About the account itself (a password reset, a promise the app made). */
  account: 'You received this because this address belongs to a Fated account.',
};

/** A notification a member can turn off: the footer says where, with a link to the settings. */
export function notificationFooter(settingsUrl: string): { text: string; url: string } {
  return {
    text: 'You get these mails because of your Fated account. Turn them off in Settings → Notifications:',
    url: settingsUrl,
  };
}

/** The shared frame of every mail: brand header, one message, one button, a plain footer. */
export function layout(options: {
  heading: string;
  paragraphs: string[];
  buttonLabel: string;
  buttonUrl: string;
  footer: string | { text: string; url: string };
}): string {
  const paragraphs = options.paragraphs
    .map(
      (text) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#3b2f45">${escapeHtml(text)}</p>`,
    )
    .join('');
  const url = escapeHtml(options.buttonUrl);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;background:#fbf6f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td>
<div style="font-size:22px;font-weight:700;color:#c2185b;margin-bottom:4px">Fated</div>
<div style="font-size:13px;color:#8a7a93;margin-bottom:24px">The Future of Love – Engineered by AI</div>
<h1 style="font-size:22px;color:#2a1f33;margin:0 0 16px">${escapeHtml(options.heading)}</h1>
${paragraphs}
<p style="margin:24px 0"><a href="${url}" style="background:#c2185b;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:999px;font-weight:600;display:inline-block">${escapeHtml(options.buttonLabel)}</a></p>
<p style="font-size:13px;color:#8a7a93;word-break:break-all">Or paste this link into your browser: ${url}</p>
</td></tr></table>
<p style="font-size:12px;color:#8a7a93">${footerHtml(options.footer)}</p>
</td></tr></table></body></html>`;
}

function footerHtml(footer: string | { text: string; url: string }): string {
  if (typeof footer === 'string') return escapeHtml(footer);
  const url = escapeHtml(footer.url);
  return `${escapeHtml(footer.text)} <a href="${url}" style="color:#8a7a93">${url}</a>`;
}

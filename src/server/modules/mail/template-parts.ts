/** What a default mail template holds, and the HTML frame every template's body sits in (templates.ts). */

export interface EmailTemplate {
  name: string;
  description: string;
  subject: string;
  html: string;
  text: string;
  /** Placeholder → what it holds, shown to admins editing the template. */
  placeholders: Record<string, string>;
  /** Believable values for the live preview and the test mail. */
  sample: Record<string, string>;
}

export const layout = (body: string) =>
  `<div style="font-family:Segoe UI,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:560px">${body}<p style="color:#6b7280;font-size:12px;margin-top:32px">FleetClaims · fleet repair claim tracking</p></div>`;
export const button = (href: string, label: string) =>
  `<p><a href="${href}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${label}</a></p>`;

import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { workspaceRoleLabels, type WorkspaceRole } from '@sopwright/contracts';
import { createTransport, type Transporter } from 'nodemailer';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

export interface InvitationEmail {
  to: string;
  workspaceName: string;
  role: WorkspaceRole;
  invitedBy: string;
  url: string;
  expiresAt: string;
}

/** Writes the invitation: plain text and simple HTML, the link in both, nothing remote loaded. */
export function invitationMessage(invitation: InvitationEmail): { subject: string; text: string; html: string } {
  const role = workspaceRoleLabels[invitation.role];
  const until = new Date(invitation.expiresAt).toUTCString();
  const subject = `${invitation.invitedBy} invited you to ${invitation.workspaceName} on Sopwright`;
  const text = [
    `${invitation.invitedBy} invited you to join the workspace "${invitation.workspaceName}" on Sopwright as ${role}.`,
    '',
    `Accept the invitation: ${invitation.url}`,
    '',
    `The link works once, for ${invitation.to}, until ${until}.`,
  ].join('\n');
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<p>${escape(invitation.invitedBy)} invited you to join the workspace <strong>${escape(invitation.workspaceName)}</strong> on Sopwright as ${role}.</p>
<p><a href="${escape(invitation.url)}">Accept the invitation</a></p>
<p>The link works once, for ${escape(invitation.to)}, until ${escape(until)}.</p>`;
  return { subject, text, html };
}

/**
 * Sends invitation emails when SMTP_URL is set. A mail that cannot be sent does not fail the
 * invitation: the inviter still has the link to copy, and is told it was not emailed.
 */
@Injectable()
export class InvitationMailer implements OnApplicationShutdown {
  private readonly logger = new Logger(InvitationMailer.name);
  private readonly transport: Transporter | null;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL, { from: config.MAIL_FROM }) : null;
  }

  /** True when the mail server took it. */
  async send(invitation: InvitationEmail): Promise<boolean> {
    if (!this.transport) return false;
    try {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, to: invitation.to, ...invitationMessage(invitation) });
      return true;
    } catch (error) {
      this.logger.warn(`Invitation email to ${invitation.to} not sent: ${(error as Error).message}`);
      return false;
    }
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}

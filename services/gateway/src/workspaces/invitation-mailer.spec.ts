import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { GatewayConfig } from '../config';
import { InvitationMailer, invitationMessage } from './invitation-mailer';

const invitation = {
  to: 'sam@example.com',
  workspaceName: 'Front <desk>',
  role: 'editor' as const,
  invitedBy: 'ada@example.com',
  url: 'https://sop.example.com/invite/abc',
  expiresAt: '2026-12-03T10:00:00.000Z',
};

describe('invitation emails', () => {
  it('says who invited whom to what, with the link, in text and escaped HTML', () => {
    const message = invitationMessage(invitation);
    expect(message.subject).toBe('ada@example.com invited you to Front <desk> on Sopwright');
    expect(message.text).toContain('Accept the invitation: https://sop.example.com/invite/abc');
    expect(message.text).toContain('as Editor');
    expect(message.html).toContain('<strong>Front &#60;desk&#62;</strong>');
    expect(message.html).toContain('<a href="https://sop.example.com/invite/abc">');
  });

  it('delivers through a real SMTP server, and reports a server that cannot be reached instead of failing', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const config = (smtp: string | undefined) => ({ SMTP_URL: smtp, MAIL_FROM: 'Sopwright <no-reply@sop.example.com>' }) as GatewayConfig;
    try {
      const mailer = new InvitationMailer(config(`smtp://127.0.0.1:${port}`));
      expect(await mailer.send(invitation)).toBe(true);
      mailer.onApplicationShutdown();
      expect(received).toHaveLength(1);
      expect(received[0]!.from).toBe('no-reply@sop.example.com');
      expect(received[0]!.to).toEqual(['sam@example.com']);
      expect(received[0]!.raw).toContain('Subject: ada@example.com invited you to Front <desk> on Sopwright');
      expect(received[0]!.raw).toContain('https://sop.example.com/invite/abc');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const unreachable = new InvitationMailer(config(`smtp://127.0.0.1:${port}`));
    expect(await unreachable.send(invitation)).toBe(false);
    expect(await new InvitationMailer(config(undefined)).send(invitation)).toBe(false);
  });
});

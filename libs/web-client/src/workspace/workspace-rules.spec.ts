import * as contracts from '@sopwright/contracts';
import { WORKSPACE_NAME_MAX, invitationEmailProblem, roleWithArticle, workspaceNameProblem, workspaceRoles } from './workspace-rules';

describe('workspace rules in the browser', () => {
  it('checks a workspace name as the server does', () => {
    const valid = (name: string) => contracts.createWorkspaceRequestSchema.safeParse({ name });
    for (const name of ['', '   ', 'Front desk', '  Kitchen  ', 'x'.repeat(WORKSPACE_NAME_MAX), ` ${'x'.repeat(WORKSPACE_NAME_MAX)} `, 'x'.repeat(WORKSPACE_NAME_MAX + 1)]) {
      const server = valid(name);
      expect([name, workspaceNameProblem(name)]).toEqual([name, server.success ? null : server.error.issues[0]!.message]);
    }
  });

  it('turns away addresses the server refuses, with its message', () => {
    const server = (email: string) => contracts.createInvitationRequestSchema.safeParse({ email, role: 'viewer' });
    for (const email of ['', 'not an email', 'ada@', '@example.com', 'ada@example', 'ada example@x.io', `${'a'.repeat(250)}@example.com`]) {
      expect(server(email).success).toBe(false);
      expect([email, invitationEmailProblem(email)]).toEqual([email, contracts.workspaceMessages.emailInvalid]);
    }
    for (const email of ['ada@example.com', '  Bob.Smith+ops@Example.CO.uk ']) {
      expect(server(email).success).toBe(true);
      expect(invitationEmailProblem(email)).toBeNull();
    }
  });

  it('puts a role in a sentence with its article', () => {
    expect(workspaceRoles.map(roleWithArticle)).toEqual(['an Owner', 'an Admin', 'an Editor', 'a Viewer']);
  });
});

import * as contracts from '@sopwright/contracts';
import {
  WORKSPACE_HEADER,
  WORKSPACE_NAME_MAX,
  can,
  invitableRoles,
  invitationEmailProblem,
  roleWithArticle,
  workspaceMessages,
  workspaceNameProblem,
  workspacePermissions,
  workspaceRoleLabels,
  workspaceRoles,
} from './workspace-rules';

describe('workspace rules in the browser', () => {
  it('agree with the contracts the server enforces', () => {
    expect(WORKSPACE_HEADER).toBe(contracts.WORKSPACE_HEADER);
    expect(workspaceRoles).toEqual(contracts.workspaceRoles);
    expect(workspaceRoleLabels).toEqual(contracts.workspaceRoleLabels);
    expect(invitableRoles).toEqual(contracts.invitableRoles);
    expect(workspacePermissions).toEqual(contracts.workspacePermissions);
    for (const [key, value] of Object.entries(workspaceMessages)) {
      const theirs = contracts.workspaceMessages[key as keyof typeof contracts.workspaceMessages];
      if (typeof value === 'function') expect((value as (email: string) => string)('ada@example.com')).toBe((theirs as (email: string) => string)('ada@example.com'));
      else expect(value).toBe(theirs);
    }
  });

  it('gives each role the permissions the contracts give it', () => {
    for (const role of workspaceRoles) {
      for (const permission of Object.keys(workspacePermissions) as (keyof typeof workspacePermissions)[]) {
        expect([role, permission, can(role, permission)]).toEqual([role, permission, contracts.can(role, permission)]);
      }
    }
  });

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

import { createServiceDataSource } from '@sopwright/server-kit';
import { ConnectCodeEntity, ExtensionConnectionEntity } from '../extension/extension.entities';
import { UserEntity } from '../users/user.entity';
import { CreateUsers1763856000000 } from './migrations/1763856000000-create-users';
import { AddCompanyBranding1763900300000 } from './migrations/1763900300000-add-company-branding';
import { ExtensionConnections1796200000000 } from './migrations/1796200000000-extension-connections';
import { Workspaces1796300000000 } from './migrations/1796300000000-workspaces';
import { WorkspaceBranding1796500000000 } from './migrations/1796500000000-workspace-branding';
import { WorkspaceEntity, WorkspaceInvitationEntity, WorkspaceMemberEntity } from '../workspaces/workspace.entities';

export const AUTH_SCHEMA = 'auth';

export const createAuthDataSource = (url: string) =>
  createServiceDataSource({
    url,
    schema: AUTH_SCHEMA,
    entities: [UserEntity, ConnectCodeEntity, ExtensionConnectionEntity, WorkspaceEntity, WorkspaceMemberEntity, WorkspaceInvitationEntity],
    migrations: [CreateUsers1763856000000, AddCompanyBranding1763900300000, ExtensionConnections1796200000000, Workspaces1796300000000, WorkspaceBranding1796500000000],
  });

import type {
  ActivityEntry,
  Branding,
  CreatedInvitation,
  CreateInvitationRequest,
  CreateWorkspaceRequest,
  Invitation,
  InvitationPreview,
  UpdateBrandingRequest,
  UploadLogoResponse,
  Workspace,
  WorkspaceMember,
  WorkspaceRole,
} from '@sopwright/contracts';
import { sopwrightApi } from './sopwright-api';

/** The user's workspaces (the switcher's list); a workspace's members and invitations are tagged by its id. */
const WORKSPACE_LIST = { type: 'Workspace', id: 'LIST' } as const;
const membersOf = (workspaceId: string) => ({ type: 'WorkspaceMember' as const, id: workspaceId });
const invitationsOf = (workspaceId: string) => ({ type: 'WorkspaceInvitation' as const, id: workspaceId });
const brandingOf = (workspaceId: string) => ({ type: 'WorkspaceBranding' as const, id: workspaceId });
const activityOf = (workspaceId: string) => ({ type: 'WorkspaceActivity' as const, id: workspaceId });

const workspacePath = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}`;
const invitationPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

export interface MemberRef {
  workspaceId: string;
  userId: string;
}

export const workspacesApi = sopwrightApi.enhanceEndpoints({ addTagTypes: ['WorkspaceBranding', 'WorkspaceActivity'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The personal workspace first, then the teams the user is in, with their role in each. */
    listWorkspaces: build.query<Workspace[], void>({
      query: () => '/api/workspaces',
      providesTags: [WORKSPACE_LIST],
    }),
    createWorkspace: build.mutation<Workspace, CreateWorkspaceRequest>({
      query: (body) => ({ url: '/api/workspaces', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [WORKSPACE_LIST]),
    }),
    /** Owners: a new name; the switcher's list shows it. */
    renameWorkspace: build.mutation<Workspace, { workspaceId: string; name: string }>({
      query: ({ workspaceId, name }) => ({ url: workspacePath(workspaceId), method: 'PATCH', body: { name } }),
      invalidatesTags: (_result, error) => (error ? [] : [WORKSPACE_LIST]),
    }),
    /** Owners: the workspace and every SOP in it, for good. */
    deleteWorkspace: build.mutation<void, string>({
      query: (workspaceId) => ({ url: workspacePath(workspaceId), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [WORKSPACE_LIST]),
    }),
    listMembers: build.query<WorkspaceMember[], string>({
      query: (workspaceId) => `${workspacePath(workspaceId)}/members`,
      providesTags: (_result, _error, workspaceId) => [membersOf(workspaceId)],
    }),
    /** A role change can be one's own, so the list (with the user's role in each) refreshes too. */
    changeMemberRole: build.mutation<WorkspaceMember, MemberRef & { role: WorkspaceRole }>({
      query: ({ workspaceId, userId, role }) => ({ url: `${workspacePath(workspaceId)}/members/${encodeURIComponent(userId)}`, method: 'PATCH', body: { role } }),
      // The list shows the server's answer at once, not the old role until its refetch lands.
      onQueryStarted: async ({ workspaceId }, { dispatch, queryFulfilled }) => {
        const { data: changed } = await queryFulfilled.catch(() => ({ data: null }));
        if (!changed) return;
        dispatch(
          workspacesApi.util.updateQueryData('listMembers', workspaceId, (members) => {
            const member = members.find((candidate) => candidate.userId === changed.userId);
            if (member) member.role = changed.role;
          }),
        );
      },
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : [membersOf(workspaceId), WORKSPACE_LIST]),
    }),
    /** Removes a member, or with one's own id leaves the workspace. */
    removeMember: build.mutation<void, MemberRef>({
      query: ({ workspaceId, userId }) => ({ url: `${workspacePath(workspaceId)}/members/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : [membersOf(workspaceId), WORKSPACE_LIST]),
    }),
    /** Pending ones only: not accepted, revoked or expired. */
    listInvitations: build.query<Invitation[], string>({
      query: (workspaceId) => `${workspacePath(workspaceId)}/invitations`,
      providesTags: (_result, _error, workspaceId) => [invitationsOf(workspaceId)],
    }),
    /** Answers with the link to send: the only time its token is seen. */
    createInvitation: build.mutation<CreatedInvitation, { workspaceId: string } & CreateInvitationRequest>({
      query: ({ workspaceId, ...body }) => ({ url: `${workspacePath(workspaceId)}/invitations`, method: 'POST', body }),
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : [invitationsOf(workspaceId)]),
    }),
    revokeInvitation: build.mutation<void, { workspaceId: string; invitationId: string }>({
      query: ({ workspaceId, invitationId }) => ({ url: `${workspacePath(workspaceId)}/invitations/${encodeURIComponent(invitationId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : [invitationsOf(workspaceId)]),
    }),
    /** What an invitation link is for; needs no session. Not kept: a link may be spent or revoked at any time. */
    getInvitation: build.query<InvitationPreview, string>({
      query: (token) => invitationPath(token),
      keepUnusedDataFor: 0,
    }),
    /** Joins the workspace (signed in with the address invited); answers with it. */
    acceptInvitation: build.mutation<Workspace, string>({
      query: (token) => ({ url: `${invitationPath(token)}/accept`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [WORKSPACE_LIST]),
    }),
    /** The company name and logo the workspace's SOPs carry (a personal workspace's is the profile's). */
    getWorkspaceBranding: build.query<Branding, string>({
      query: (workspaceId) => `${workspacePath(workspaceId)}/branding`,
      providesTags: (_result, _error, workspaceId) => [brandingOf(workspaceId)],
    }),
    updateWorkspaceBranding: build.mutation<Branding, { workspaceId: string } & UpdateBrandingRequest>({
      query: ({ workspaceId, ...body }) => ({ url: `${workspacePath(workspaceId)}/branding`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : [brandingOf(workspaceId), activityOf(workspaceId)]),
    }),
    uploadWorkspaceLogo: build.mutation<UploadLogoResponse, { workspaceId: string; file: File }>({
      query: ({ workspaceId, file }) => {
        const body = new FormData();
        body.append('logo', file);
        return { url: `${workspacePath(workspaceId)}/branding/logo`, method: 'POST', body };
      },
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : [brandingOf(workspaceId), activityOf(workspaceId)]),
    }),
    /** Who did what, newest first (admins and owners). Not kept long: it grows while the page is away. */
    getWorkspaceActivity: build.query<ActivityEntry[], string>({
      query: (workspaceId) => `${workspacePath(workspaceId)}/activity`,
      providesTags: (_result, _error, workspaceId) => [activityOf(workspaceId)],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useRenameWorkspaceMutation,
  useDeleteWorkspaceMutation,
  useGetWorkspaceBrandingQuery,
  useUpdateWorkspaceBrandingMutation,
  useUploadWorkspaceLogoMutation,
  useGetWorkspaceActivityQuery,
  useListWorkspacesQuery,
  useCreateWorkspaceMutation,
  useListMembersQuery,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useListInvitationsQuery,
  useCreateInvitationMutation,
  useRevokeInvitationMutation,
  useGetInvitationQuery,
  useAcceptInvitationMutation,
} = workspacesApi;

// Everything in ./base (router, session), which is also its own entry for pages without the store.
export * from './base';
export { sopwrightApi } from './api/sopwright-api';
export { useRegisterMutation, useLoginMutation, useLogoutMutation, useLogoutEverywhereMutation } from './api/auth-api';
export { errorMessage } from './api/error-message';
export { createAppStore, type AppStore, type RootState, type AppDispatch } from './store/create-app-store';
export {
  sopExportUrl,
  useListSopsQuery,
  useListSopSummariesQuery,
  useGetSopQuery,
  useUpdateSopMutation,
  useListSopVersionsQuery,
  useGetSopVersionQuery,
  useRestoreSopVersionMutation,
  useUploadStepImageMutation,
  usePrefetchSopSummaries,
  useDeleteSopMutation,
} from './api/sop-api';
export { editableImageId, useGetImageEditQuery, useApplyImageEditMutation, useProposeRedactionsMutation } from './api/image-edit-api';
export { useGetUsageQuery, useGetProfileQuery, useUpdateProfileMutation, useUploadLogoMutation } from './api/account-api';
export { useListExtensionConnectionsQuery, useCreateConnectCodeMutation, useDisconnectExtensionMutation } from './api/extension-api';
export {
  useStartStarterCheckoutMutation,
  useStartProCheckoutMutation,
  useStartLegacyCheckoutMutation,
  useOpenPortalMutation,
  useGetLocalCheckoutQuery,
  useCompleteLocalCheckoutMutation,
  useGetLocalPortalQuery,
  useCancelLocalSubscriptionMutation,
  useResumeLocalSubscriptionMutation,
} from './api/billing-api';
export {
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
  useRenameWorkspaceMutation,
  useDeleteWorkspaceMutation,
  useGetWorkspaceBrandingQuery,
  useUpdateWorkspaceBrandingMutation,
  useUploadWorkspaceLogoMutation,
  useGetWorkspaceActivityQuery,
} from './api/workspaces-api';
export {
  WORKSPACE_HEADER,
  WORKSPACE_NAME_MAX,
  can,
  invitableRoles,
  invitationEmailProblem,
  permissionMessages,
  roleWithArticle,
  workspaceMessages,
  workspaceNameProblem,
  workspaceRoleDescriptions,
  workspaceRoleLabels,
  workspaceRoles,
  type InvitableRole,
  type WorkspacePermission,
} from './workspace/workspace-rules';
export { WORKSPACE_KEY, getCurrentWorkspaceId, resolveCurrentWorkspace, withWorkspace, workspaceHeaders } from './workspace/workspace-selection';
export {
  openCreateWorkspaceDialog,
  useCreateWorkspaceDialogOpener,
  useCurrentWorkspace,
  useCurrentWorkspaceId,
  useSwitchWorkspace,
  type CurrentWorkspace,
} from './workspace/use-current-workspace';
export * from './api/sop-governance-api';
export { useGetSharedSopQuery, sharedPdfUrl } from './api/share-api';

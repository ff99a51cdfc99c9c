import { Module, type DynamicModule } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuthController } from './auth/auth.controller';
import { JwtStrategy } from './auth/jwt.strategy';
import { SessionRevocations } from './auth/session-revocations';
import { SignInThrottle } from './auth/sign-in-throttle';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { CaptureController } from './capture/capture.controller';
import { ExportRunner } from './exports/export-runner';
import { ExportsController } from './exports/exports.controller';
import { ExtensionController } from './extension/extension.controller';
import { ExtensionTokenGuard } from './extension/extension-token.guard';
import { SessionOrExtensionGuard } from './extension/session-or-extension.guard';
import { GenerationController } from './generation/generation.controller';
import { GenerationService } from './generation/generation.service';
import { JobsController } from './jobs/jobs.controller';
import { HealthController } from './health/health.controller';
import { MediaController } from './media/media.controller';
import { ProfileController } from './profile/profile.controller';
import { StripeController } from './payments/stripe.controller';
import { SopsController } from './sops/sops.controller';
import { TemplatesController } from './templates/templates.controller';
import { UsageController } from './usage/usage.controller';
import { serviceClients } from './rpc/service-clients';
import { ShareController } from './sop-governance/share.controller';
import { SopGovernanceController } from './sop-governance/sop-governance.controller';
import { InvitationMailer } from './workspaces/invitation-mailer';
import { WorkspaceAccessService } from './workspaces/workspace-access';
import { WorkspaceBrandingController } from './workspaces/workspace-branding.controller';
import { InvitationsController, WorkspacesController } from './workspaces/workspaces.controller';

@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PassportModule],
      controllers: [AuthController, HealthController, SopsController, ProfileController, UsageController, MediaController, TemplatesController, ExportsController, GenerationController, CaptureController, JobsController, StripeController, ExtensionController, WorkspacesController, WorkspaceBrandingController, InvitationsController, SopGovernanceController, ShareController],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, ...serviceClients, SessionRevocations, SignInThrottle, JwtStrategy, ExtensionTokenGuard, SessionOrExtensionGuard, GenerationService, WorkspaceAccessService, ExportRunner, InvitationMailer],
    };
  }
}

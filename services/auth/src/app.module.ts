import { Module, type DynamicModule } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { PasswordHasher } from './auth/password-hasher';
import { AUTH_CONFIG, type AuthConfig } from './config';
import { ExtensionConnectionsController } from './extension/extension-connections.controller';
import { ExtensionConnectionsService } from './extension/extension-connections.service';
import { ProfileController } from './profile/profile.controller';
import { ProfileService } from './profile/profile.service';
import { WorkspacesController } from './workspaces/workspaces.controller';
import { WorkspaceBrandingService } from './workspaces/workspace-branding.service';
import { WorkspacesService } from './workspaces/workspaces.service';

@Module({})
export class AppModule {
  static register(config: AuthConfig, dataSource: DataSource): DynamicModule {
    return {
      module: AppModule,
      imports: [JwtModule.register({ secret: config.JWT_SECRET, signOptions: { expiresIn: config.JWT_TTL_SECONDS } })],
      controllers: [AuthController, ProfileController, ExtensionConnectionsController, WorkspacesController],
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: AUTH_CONFIG, useValue: config },
        PasswordHasher,
        AuthService,
        ProfileService,
        ExtensionConnectionsService,
        WorkspacesService,
        WorkspaceBrandingService,
      ],
    };
  }
}

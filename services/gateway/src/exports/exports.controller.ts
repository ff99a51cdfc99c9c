import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { sopMessages, type SessionUser } from '@sopwright/contracts';
import { type RpcClient } from '@sopwright/server-kit';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { SOP_SERVICE } from '../rpc/service-clients';
import { ResourceIdPipe } from '../sops/sop-id.pipe';
import { WorkspaceAccessService } from '../workspaces/workspace-access';
import { ExportRunner } from './export-runner';

@Controller('api/sop')
@UseGuards(SessionGuard)
export class ExportsController {
  constructor(
    @Inject(SOP_SERVICE) private readonly sops: RpcClient,
    @Inject(ExportRunner) private readonly runner: ExportRunner,
    @Inject(WorkspaceAccessService) private readonly access: WorkspaceAccessService,
  ) {}

  /**
   * Members of its workspace only (cookie or bearer: the browser opens it in a new tab);
   * others get 404. Viewers export what they read: the approved version when there is one.
   */
  @Get(':id/export/:format')
  async export(@CurrentUser() user: SessionUser, @Param('id', new ResourceIdPipe()) sopId: string, @Param('format') rawFormat: string, @Res() res: Response): Promise<void> {
    const format = this.runner.parseFormat(rawFormat);
    const workspace = await this.access.ofSop(user, sopId, 'sop.read');
    const content = await this.sops.send(workspace.role === 'viewer' ? sopMessages.getReadable : sopMessages.get, { ownerId: workspace.id, sopId });
    // Recorded when the file is ready, before it is sent: whoever reads the log after the download finds it there.
    const record = () =>
      this.sops
        .send(sopMessages.recordActivity, { ownerId: workspace.id, actorId: user.id, action: 'exported', sopId, detail: { format, version: content.version }, key: `exported:${randomUUID()}` })
        .catch(() => undefined);
    await this.runner.send({ content, workspaceId: workspace.id }, format, res, record);
  }
}

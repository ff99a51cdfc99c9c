import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { invitationTokenPattern, workspaceMessages } from '@sopwright/contracts';

/** A token that cannot be one is answered as an invalid invitation, without asking the auth service. */
export class InvitationTokenPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!invitationTokenPattern.test(value)) throw new BadRequestException(workspaceMessages.invitationInvalid);
    return value;
  }
}

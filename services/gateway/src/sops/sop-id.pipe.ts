import { Injectable, NotFoundException, type PipeTransform } from '@nestjs/common';
import { messages } from '@sopwright/contracts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that cannot exist is simply not found, like another user's SOP. */
@Injectable()
export class ResourceIdPipe implements PipeTransform<string, string> {
  constructor(private readonly notFoundMessage: string = messages.sopNotFound) {}

  transform(value: string): string {
    if (!uuid.test(value)) throw new NotFoundException(this.notFoundMessage);
    return value.toLowerCase();
  }
}

/** A failure caused by what the user sent (unreadable media, nothing said): retrying cannot help, and the message is theirs to read. */
export class GenerationError extends Error {}

/** What the user reads when a generation fails for any other reason after its last attempt. */
export const genericFailure = 'We could not generate this SOP. Please try again.';

import { z } from 'zod';

export const profileSchema = z.object({
  email: z.string(),
  companyName: z.string().nullable(),
  companyLogoUrl: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileRequestSchema = z.object({
  companyName: z.string().trim().max(120).nullable().optional(),
  companyLogoUrl: z.null().optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const uploadLogoResponseSchema = z.object({ logoUrl: z.string() });
export type UploadLogoResponse = z.infer<typeof uploadLogoResponseSchema>;

export const planTypes = ['free', 'starter', 'pro'] as const;
export const planTypeSchema = z.enum(planTypes);
export type PlanType = z.infer<typeof planTypeSchema>;

export const usageSchema = z.object({
  planType: planTypeSchema,
  credits: z.number().int().nonnegative(),
});
export type Usage = z.infer<typeof usageSchema>;

/**
 * Why this account may not start a generation, or null if it may: free plans never can,
 * Starter needs a credit, Pro always can. Billing's reservation is the authority; the
 * gateway asks first only to refuse before receiving a large upload.
 */
export function generationRefusal(usage: Usage): 'PLAN_REQUIRED' | 'NO_CREDITS' | null {
  if (usage.planType === 'free') return 'PLAN_REQUIRED';
  if (usage.planType === 'starter' && usage.credits < 1) return 'NO_CREDITS';
  return null;
}

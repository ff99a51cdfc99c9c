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

import { BadRequestException, Body, Controller, Get, Headers, HttpCode, HttpStatus, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import {
  billingMessages,
  legacyCheckoutRequestSchema,
  portalRequestSchema,
  proCheckoutRequestSchema,
  type BillingProduct,
  type CheckoutUrlResponse,
  type LocalCheckout,
  type LocalPortal,
  type ProCheckoutRequest,
  type SessionUser,
  type StripeWebhookResponse,
  type Usage,
} from '@sopwright/contracts';
import type { RpcClient } from '@sopwright/server-kit';
import type { Request } from 'express';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { BILLING_SERVICE } from '../rpc/service-clients';
import { ResourceIdPipe } from '../sops/sop-id.pipe';

const orderId = new ResourceIdPipe('Order not found');

/**
 * Payments under the card provider's namespace (spec §7). The acting user always comes from the
 * session: the legacy bodies' userId and email are accepted for the old client and ignored.
 */
@Controller('api/stripe')
export class StripeController {
  constructor(@Inject(BILLING_SERVICE) private readonly billing: RpcClient) {}

  @Post('checkout/starter')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionGuard)
  starter(@CurrentUser() user: SessionUser): Promise<CheckoutUrlResponse> {
    return this.checkout(user, 'starter');
  }

  @Post('checkout/pro')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionGuard)
  pro(@CurrentUser() user: SessionUser, @Body({ schema: proCheckoutRequestSchema }) body: ProCheckoutRequest): Promise<CheckoutUrlResponse> {
    return this.checkout(user, body.interval === 'year' ? 'pro-year' : 'pro-month');
  }

  @Post('create-checkout-session')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionGuard)
  legacy(@CurrentUser() user: SessionUser, @Body({ schema: legacyCheckoutRequestSchema }) _body: unknown): Promise<CheckoutUrlResponse> {
    return this.checkout(user, 'pro-legacy');
  }

  @Post('portal')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionGuard)
  portal(@CurrentUser() user: SessionUser, @Body({ schema: portalRequestSchema }) _body: unknown): Promise<CheckoutUrlResponse> {
    return this.billing.send(billingMessages.openPortal, { userId: user.id, email: user.email });
  }

  /** Stripe signs the exact bytes it sent: main.ts keeps this route's body raw for the billing service to verify. */
  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  webhook(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<StripeWebhookResponse> {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new BadRequestException('The webhook body is empty');
    if (!signature) throw new BadRequestException('The Stripe-Signature header is missing');
    return this.billing.send(billingMessages.handleStripeWebhook, { payload: req.body.toString('utf8'), signature });
  }

  @Get('local/checkouts/:id')
  @UseGuards(SessionGuard)
  localCheckout(@CurrentUser() user: SessionUser, @Param('id', orderId) checkoutId: string): Promise<LocalCheckout> {
    return this.billing.send(billingMessages.getLocalCheckout, { userId: user.id, checkoutId });
  }

  @Post('local/checkouts/:id/complete')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionGuard)
  completeLocalCheckout(@CurrentUser() user: SessionUser, @Param('id', orderId) checkoutId: string): Promise<Usage> {
    return this.billing.send(billingMessages.completeLocalCheckout, { userId: user.id, checkoutId });
  }

  @Get('local/portal')
  @UseGuards(SessionGuard)
  localPortal(@CurrentUser() user: SessionUser): Promise<LocalPortal> {
    return this.billing.send(billingMessages.getLocalPortal, { userId: user.id });
  }

  @Post('local/portal/cancel')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionGuard)
  cancel(@CurrentUser() user: SessionUser): Promise<LocalPortal> {
    return this.billing.send(billingMessages.cancelLocalSubscription, { userId: user.id });
  }

  @Post('local/portal/resume')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionGuard)
  resume(@CurrentUser() user: SessionUser): Promise<LocalPortal> {
    return this.billing.send(billingMessages.resumeLocalSubscription, { userId: user.id });
  }

  private checkout(user: SessionUser, product: BillingProduct): Promise<CheckoutUrlResponse> {
    return this.billing.send(billingMessages.startCheckout, { userId: user.id, email: user.email, product });
  }
}

import type { MessageBody } from '@pasal/contract/auth';
import type { EmailVerificationRequest } from '@pasal/contract/email-verification';
import { apiClient } from '../../lib/api-client';

export const sendEmailVerificationCode = (email: string) =>
  apiClient.post<MessageBody>('/email/verify/send/', { email });

export const verifyEmailCode = (body: EmailVerificationRequest) =>
  apiClient.post<MessageBody>('/email/verify/', body);

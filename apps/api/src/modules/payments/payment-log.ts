/** The logger the payment services write to (Fastify's pino logger fits). */
export interface PaymentLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

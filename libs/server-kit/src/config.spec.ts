import { z } from 'zod';
import { baseEnvSchema, ConfigError, healthEnvSchema, loadConfig } from './config';

describe('loadConfig', () => {
  const schema = baseEnvSchema.extend(healthEnvSchema.shape).extend({ JWT_SECRET: z.string().min(32) });

  it('applies defaults and coerces numbers', () => {
    const config = loadConfig(schema, { JWT_SECRET: 'x'.repeat(32), HEALTH_PORT: '8101' });
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.HEALTH_PORT).toBe(8101);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig(schema, { REDIS_URL: 'not a url', HEALTH_PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig(schema, { REDIS_URL: 'not a url', HEALTH_PORT: 'abc' });
    } catch (error) {
      const text = (error as Error).message;
      expect(text).toContain('REDIS_URL');
      expect(text).toContain('HEALTH_PORT');
      expect(text).toContain('JWT_SECRET');
    }
  });
});

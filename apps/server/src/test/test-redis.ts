/** The local Redis for the tests of shared limits and sessions when TEST_REDIS_URL is set (CI sets it). */
export const testRedisUrls: string[] = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

/**
 * conversion.followed_up: where a conversion is in crediting. `recredit`: its path changed after it
 * was credited (a late click, an identify), so its credits are computed again (no new postback).
 */
export const CREDIT_STATE = { new: 0, credited: 1, recredit: 2, failed: 3 } as const;

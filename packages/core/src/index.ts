export * from './attribution/attribution-defaults';
export * from './goals/goal-rules';
export * from './website/root-domain';
export * from './website/tracking-snippet';
export * from './website/website-defaults';
export * from './website/website-rules';

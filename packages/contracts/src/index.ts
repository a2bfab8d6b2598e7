export * from './api.schema';
export * from './attribution.schema';
export * from './campaign.schema';
export * from './collect.schema';
export * from './goal.schema';
export * from './messages';
export * from './website.schema';

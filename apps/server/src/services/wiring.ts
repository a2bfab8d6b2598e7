// At the top of services/ because every domain's wiring file reads it: the one context they share.
import type { EventStore } from '@ocx/core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../db/database';
import { oneServerAtATime } from '../db/dialect';
import type { Backend, Repositories } from '../storage/backend';
import type { Access } from './platform/access';
import type { BackgroundTask } from './platform/background-jobs';
import type { DomainEventBus } from './platform/domain-events';
import type { Infrastructure } from './platform/infrastructure';
import type { PostbackNetwork } from './postbacks/postback-http';

/** What tests swap or reach: the network postbacks see (receivers on 127.0.0.1), the reports' clock. */
export interface ServiceSeams {
  postbackNetwork?: Partial<PostbackNetwork>;
  /** 'Now' of the dashboard and funnel reports (tests pin it to put events around a local midnight). */
  reportClock?: () => number;
  /** Hands tests the events' store, to seed events without collect. */
  events?: (store: EventStore) => void;
}

/**
 * What every domain's wiring file (services/<domain>/<domain>.wiring.ts) builds its services from:
 * the backend's repositories, collect's plumbing, the bus and the one access check.
 */
export interface Wiring {
  config: AppConfig;
  log: FastifyBaseLogger;
  database: Database;
  backend: Backend;
  repositories: Repositories;
  infra: Infrastructure;
  bus: DomainEventBus;
  access: Access;
  seams: ServiceSeams;
}

/** Tasks that run on one app server at a time (PostgreSQL); a server that finds one taken skips it. */
export function alone({ db, dialect }: Database, tasks: BackgroundTask[]): BackgroundTask[] {
  return tasks.map((task) => ({
    name: task.name,
    run: async () => (await oneServerAtATime(db, dialect, `task:${task.name}`, () => task.run())) ?? 0,
  }));
}

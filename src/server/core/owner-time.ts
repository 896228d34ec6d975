import type { FastifyRequest } from 'fastify';
import { calendarSettingsOf } from '../../domain/calendar-settings';
import { todayIn } from '../../domain/dates';

/** The owner's time zone: it decides their "today" and the real time of every appointment. */
export const ownerTimeZone = (req: FastifyRequest): string => calendarSettingsOf(req.user!).time_zone;

/** The calling owner's today (YYYY-MM-DD) in their time zone. */
export const ownerTodayOf = (req: FastifyRequest): string => todayIn(ownerTimeZone(req));

import { AREA_OFFERS, offersArea, type GatedArea } from '@tern/domain';
import type { FastifyRequest } from 'fastify';
import type { AreaGate } from '../../plugins/contracts.ts';
import { partnerConfig } from './mappers.ts';

/**
 * The gate of an area only some partners offer (the domain's `AREA_OFFERS`, which the portal
 * builds its pages from too): to the others every route of the area answers 404
 * ROUTE_NOT_FOUND, as a route the API does not have. Nobody reaches a service their partner
 * does not sell, and nothing about it is revealed.
 */
export const areaGate = (...areas: [GatedArea, ...GatedArea[]]): AreaGate => ({
  offered: (request: FastifyRequest) =>
    areas.some((area) => offersArea(partnerConfig(request.partner), area)),
  description: areas.map((area) => AREA_OFFERS[area].description).join('; or '),
});

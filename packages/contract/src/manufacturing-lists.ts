import { z } from 'zod';
import { defineListDeclaration, filter, listUrlSearchOf } from './resource-contract';

/** The plants' and manufacturers' list filters and sorts, apart from their items (see order-lists.ts). */
export const manufacturingPlantList = defineListDeclaration({
  filters: { code: filter.list(z.string().max(1)) },
  searchable: ['name', 'code'],
  sorts: ['code', 'name', 'createdAt'],
  defaultSort: 'code',
});
export const manufacturingPlantListUrlSearch = listUrlSearchOf(manufacturingPlantList);

export const manufacturerList = defineListDeclaration({
  filters: { plantId: filter.ids(), isActive: filter.boolean() },
  searchable: ['name', 'code'],
  sorts: ['code', 'name', 'turnTimeDays', 'createdAt'],
  defaultSort: 'name',
});
export const manufacturerListUrlSearch = listUrlSearchOf(manufacturerList);

import type {
  adminCatalogueImageResponse,
  adminCatalogueItemResponse,
  adminCatalogueListResponse,
  adminCodeImportResponse,
  adminCodeStockResponse,
  AdminAvailabilityUpdate,
  AdminGiftCardInput,
  AdminPositionUpdate,
  CatalogueAvailability,
  CatalogueKind,
} from '@store/shared';
import { responseData, type ResponseData } from '../../../lib/api-response.ts';
import { adminApi, AFTER_ANY_CHANGE } from '../admin-api.ts';

// The console's catalogue calls (ADR 023). A change also makes the shop's listing ('Products') ask again,
// so a shop tab in this browser shows it at once; the server drops its own listing cache.

export type CataloguePage = ResponseData<typeof adminCatalogueListResponse>;
export type CatalogueRow = ResponseData<typeof adminCatalogueItemResponse>;
export type CodeStock = ResponseData<typeof adminCodeStockResponse>;
export type CodeImportReport = ResponseData<typeof adminCodeImportResponse>;
export type UploadedImage = ResponseData<typeof adminCatalogueImageResponse>;

/** The API's path segment of each kind. */
export const KIND_PATHS: Record<CatalogueKind, string> = { product: 'products', giftCard: 'gift-cards' };

export interface CatalogueListArgs {
  kind: CatalogueKind;
  page: number;
  q?: string;
  availability?: CatalogueAvailability;
}

/** What a create or edit sends (brand only for a gift card). */
export type CatalogueItemBody = Omit<AdminGiftCardInput, 'brand'> & { brand?: string };

const base = (kind: CatalogueKind) => `v1/admin/catalog/${KIND_PATHS[kind]}`;
const AFTER_CHANGE = ['AdminCatalogue', 'Products', ...AFTER_ANY_CHANGE] as const;

export const catalogueApi = adminApi.enhanceEndpoints({ addTagTypes: ['AdminCatalogue', 'AdminCodeStock'] }).injectEndpoints({
  endpoints: (b) => ({
    /** By position, then name; a page of 20 at a time. */
    adminCatalogue: b.query<CataloguePage, CatalogueListArgs>({
      query: ({ kind, page, q, availability }) => ({
        url: base(kind),
        params: { page, limit: 20, ...(q ? { q } : {}), ...(availability ? { availability } : {}) },
      }),
      transformResponse: responseData<typeof adminCatalogueListResponse>(),
      providesTags: ['AdminCatalogue'],
    }),
    createCatalogueItem: b.mutation<CatalogueRow, { kind: CatalogueKind; body: CatalogueItemBody }>({
      query: ({ kind, body }) => ({ url: base(kind), method: 'POST', body }),
      transformResponse: responseData<typeof adminCatalogueItemResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: [...AFTER_CHANGE],
    }),
    updateCatalogueItem: b.mutation<CatalogueRow, { kind: CatalogueKind; id: string; body: CatalogueItemBody & { version: number } }>({
      query: ({ kind, id, body }) => ({ url: `${base(kind)}/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: responseData<typeof adminCatalogueItemResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: [...AFTER_CHANGE],
    }),
    setCatalogueAvailability: b.mutation<CatalogueRow, { kind: CatalogueKind; id: string; body: AdminAvailabilityUpdate }>({
      query: ({ kind, id, body }) => ({ url: `${base(kind)}/${encodeURIComponent(id)}/availability`, method: 'PUT', body }),
      transformResponse: responseData<typeof adminCatalogueItemResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: [...AFTER_CHANGE],
    }),
    setCataloguePosition: b.mutation<CatalogueRow, { kind: CatalogueKind; id: string; body: AdminPositionUpdate }>({
      query: ({ kind, id, body }) => ({ url: `${base(kind)}/${encodeURIComponent(id)}/position`, method: 'PUT', body }),
      transformResponse: responseData<typeof adminCatalogueItemResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: [...AFTER_CHANGE],
    }),
    /** The picture itself as the body; the server tells its type from its bytes. */
    uploadCatalogueImage: b.mutation<UploadedImage, File>({
      query: (file) => ({
        url: 'v1/admin/catalog/images',
        method: 'POST',
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
      transformResponse: responseData<typeof adminCatalogueImageResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: [...AFTER_ANY_CHANGE],
    }),
    giftCardCodeStock: b.query<CodeStock, string>({
      query: (id) => ({ url: `${base('giftCard')}/${encodeURIComponent(id)}/codes` }),
      transformResponse: responseData<typeof adminCodeStockResponse>(),
      providesTags: ['AdminCodeStock'],
    }),
    /** The CSV's text as the body. */
    importGiftCardCodes: b.mutation<CodeImportReport, { id: string; csv: string; onRefused: 'skip' | 'reject' }>({
      query: ({ id, csv, onRefused }) => ({
        url: `${base('giftCard')}/${encodeURIComponent(id)}/codes`,
        method: 'POST',
        params: { onRefused },
        body: csv,
        headers: { 'content-type': 'text/csv' },
      }),
      transformResponse: responseData<typeof adminCodeImportResponse>(),
      extraOptions: { skipErrorHandler: true },
      invalidatesTags: ['AdminCodeStock', ...AFTER_CHANGE],
    }),
  }),
});

export const {
  useAdminCatalogueQuery,
  useCreateCatalogueItemMutation,
  useUpdateCatalogueItemMutation,
  useSetCatalogueAvailabilityMutation,
  useSetCataloguePositionMutation,
  useUploadCatalogueImageMutation,
  useGiftCardCodeStockQuery,
  useImportGiftCardCodesMutation,
} = catalogueApi;

import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { JumioRecord } from '@store/shared';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import type { VerificationRecordView } from '../types.ts';
import KycJumioPage from './KycJumioPage.tsx';

const START = 'POST v1/kyc/jumio/start';
const started = (attempts = 1, redirectUrl = '/sandbox/kyc/0b7c7a52-5a3e-4a53-9d1e-3f3a4c8f0d11?secret=s') => ({
  body: {
    success: true,
    data: {
      redirectUrl,
      workflowExecutionId: '0b7c7a52-5a3e-4a53-9d1e-3f3a4c8f0d11',
      jumio: { attempts, decision: null, status: 'INITIATED' },
    },
  },
});

/** The page with a record the test can change, as the route's live record would. */
function renderKyc(initial: JumioRecord | null, state: VerificationRecordView['state'] = 'ready') {
  let setRecord: (jumio: JumioRecord | null) => void = () => undefined;
  const update = vi.fn((jumio: JumioRecord) => setRecord(jumio));
  const reload = vi.fn();
  function Harness() {
    const [jumio, setJumio] = useState(initial);
    setRecord = setJumio;
    return <KycJumioPage record={{ state, jumio, reload, update }} />;
  }
  const view = renderPage(<Harness />, { path: '/kyc-jumio' });
  return { ...view, update, reload, setRecord: (jumio: JumioRecord | null) => act(() => setRecord(jumio)) };
}

afterEach(() => vi.unstubAllGlobals());

describe('/kyc-jumio page', () => {
  it("starts an attempt once and shows the provider's page in a frame that may use the camera", async () => {
    const net = mockApi({ [START]: started() });
    const { update } = renderKyc(null);
    const frame = await screen.findByTitle('Identity check');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/sandbox/kyc/0b7c7a52-5a3e-4a53-9d1e-3f3a4c8f0d11?secret=s');
    // Jumio's Web Client's iFrame permissions (camera, and fullscreen and motion sensors for liveness).
    expect(frame).toHaveAttribute(
      'allow',
      'camera;autoplay;fullscreen;clipboard-read;clipboard-write;accelerometer;gyroscope;magnetometer',
    );
    expect(frame).toHaveAttribute('allowfullscreen');
    expect(update).toHaveBeenCalledWith({ attempts: 1, decision: null, status: 'INITIATED' });
    expect(within(screen.getByRole('region', { name: 'Verification record' })).getByText('Pending')).toBeInTheDocument();
    // StrictMode runs effects twice: still one attempt.
    expect(net.keys().filter((key) => key === START)).toHaveLength(1);
  });

  it("frames Jumio's Web Client at exactly the web.href Jumio answered (its authorization token and parameters intact)", async () => {
    // The shape of Jumio's web.href (documentation.jumio.ai, Web Client): host, path and query as given.
    const href =
      'https://acme-store.web.amer-1.jumio.ai/web/client?baseUrl=https%3A%2F%2Fweb-sdk.amer-1.jumio.ai%2Fwebsdk%2Fv4%2Fapi&authorizationToken=eyJhbGciOiJIUzUxMiJ9.e30.c2ln_-&locale=en-US';
    mockApi({ [START]: started(1, href) });
    renderKyc(null);
    const frame = await screen.findByTitle('Identity check');
    expect(frame.getAttribute('src')).toBe(href);
    expect(frame).toHaveAttribute(
      'allow',
      'camera;autoplay;fullscreen;clipboard-read;clipboard-write;accelerometer;gyroscope;magnetometer',
    );
  });

  it('gives way to the result when the decision arrives, and a rejection offers a new attempt', async () => {
    const net = mockApi({ [START]: started() });
    const { setRecord, user } = renderKyc({ attempts: 1, decision: 'REJECTED', status: 'DONE' });
    await screen.findByTitle('Identity check');
    setRecord({ attempts: 2, decision: 'REJECTED', status: 'DONE' });
    expect(screen.queryByTitle('Identity check')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Verification record' })).getByText('Retry')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start a new attempt' }));
    expect(await screen.findByTitle('Identity check')).toBeInTheDocument();
    expect(net.keys().filter((key) => key === START)).toHaveLength(2);

    setRecord({ attempts: 3, decision: 'PASSED', status: 'DONE' });
    expect(screen.queryByTitle('Identity check')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start a new attempt' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Verification record' })).getByText('Verified')).toBeInTheDocument();
  });

  it.each([
    ['verified', { attempts: 1, decision: 'PASSED', status: 'DONE' }, 'Verified'],
    ['documents being checked', { attempts: 1, decision: null, status: 'ACQUIRED' }, 'Pending'],
  ])('starts nothing when %s', async (_case, jumio, label) => {
    const net = mockApi({ [START]: started() });
    renderKyc(jumio);
    expect(within(screen.getByRole('region', { name: 'Verification record' })).getByText(label)).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(net.keys()).not.toContain(START);
    expect(screen.queryByTitle('Identity check')).not.toBeInTheDocument();
  });

  it('does not start another attempt by itself when a check started before waits to be finished (issue 24)', async () => {
    const net = mockApi({ [START]: started() });
    const { user } = renderKyc({ attempts: 1, decision: null, status: 'INITIATED' });
    expect(await screen.findByTestId('kyc-unfinished')).toHaveTextContent('You started an identity check earlier and did not finish it.');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(net.keys()).not.toContain(START);
    await user.click(screen.getByRole('button', { name: 'Continue the identity check' }));
    expect(await screen.findByTitle('Identity check')).toBeInTheDocument();
    expect(net.callsTo('POST', START.replace('POST ', ''))).toHaveLength(1);
  });

  it('waits for the record before starting', async () => {
    const net = mockApi({ [START]: started() });
    renderKyc(null, 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your verification record…');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(net.keys()).not.toContain(START);
  });

  it('says plainly when the provider cannot be reached, and tries again on request', async () => {
    let fail = true;
    mockApi({
      [START]: () =>
        fail
          ? { status: 502, body: { success: false, code: 'PROVIDER_UNAVAILABLE', message: 'The identity check could not be reached.' } }
          : started(),
    });
    const { user } = renderKyc(null);
    const notice = await screen.findByRole('note');
    expect(within(notice).getByRole('heading', { name: 'Online verification is not available right now' })).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByTitle('Identity check')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('Identity check')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the start", async () => {
    mockApi({ [START]: { status: 409, body: { success: false, code: 'CONFLICT', message: 'Your identity is already verified.' } } });
    renderKyc({ attempts: 1, decision: 'REJECTED', status: 'DONE' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your identity is already verified.');
  });
});

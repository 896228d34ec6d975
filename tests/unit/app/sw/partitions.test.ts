import {
  GUEST_ESSENTIALS,
  isKeptApiRead,
  isSharedUiRead,
  isKeptUpload,
  NOT_PAGES,
  partitionName,
  partitionUser,
  rangeFromKept,
  stalePartitions,
  validatorsOf,
} from '../../../../src/app/sw/partitions';

describe('the service worker partitions', () => {
  it('names each user a cache of their own and reads the user back', () => {
    expect(partitionName(12)).toBe('soloist-api-u12-v1.2');
    expect(partitionUser(partitionName(12))).toBe(12);
    expect(partitionUser('soloist-precache-v2-http://x/-v1.2')).toBeNull();
  });

  it('deletes every other user cache when someone signs in, and all of them when nobody is signed in', () => {
    const names = [partitionName(1), partitionName(2), 'soloist-precache-v1.2', 'soloist-validators-v1.2'];
    expect(stalePartitions(names, 2)).toEqual([partitionName(1)]);
    expect(stalePartitions(names, null)).toEqual([partitionName(1), partitionName(2)]);
    expect(stalePartitions(names, 3)).toEqual([partitionName(1), partitionName(2)]);
  });

  it.each([
    ['/api/v1/clients', true],
    ['/api/v1/user', true],
    ['/api/v1/ui/screens/clients-list', true],
    ['/api/v1/appointments/offline', true],
    ['/api/v1/online-booking/jane/holds', false],
    ['/api/ui/validators/clients.abc123.mjs', false],
    ['/api/v1/user/export-information/4/download', false],
    ['/api/v1/invoices/3/pdf', false],
    ['/api/v1/payments/net-income/export', false],
    ['/api/v1/appointments/12/calendar.ics', false],
    ['/uploads/a.png', false],
    ['/dashboard', false],
  ])('keeps %s for offline reading: %s', (path, kept) => {
    expect(isKeptApiRead(path)).toBe(kept);
  });

  it.each([
    ['/api/v1/ui/manifest', true],
    ['/api/v1/ui/permissions', true],
    ['/api/v1/ui/screens/auth.login', true],
    ['/api/v1/ui/locales/uk', true],
    ['/api/v1/ui/screens/a/b', false],
    ['/api/v1/ui/manifest/extra', false],
    ['/api/ui/validators/clients.abc.mjs', false],
    ['/api/v1/user', false],
    ['/api/v1/admin/ui/draft', false],
  ])("shares %s between visitors: %s (the screens' language, nobody's data)", (path, shared) => {
    expect(isSharedUiRead(path)).toBe(shared);
  });

  it('keeps for a guest only what is shared', () => {
    expect(GUEST_ESSENTIALS.filter((url) => !isSharedUiRead(url))).toEqual([]);
  });

  it("keeps the modules that check a guest screen's form: its resource's, once, and nothing when none is kept", () => {
    const manifest = {
      data: {
        resources: {
          login: { validator: '/api/ui/validators/login.2f1d.mjs' },
          client: { validator: '/api/ui/validators/client.9a0b.mjs' },
          odd: { validator: 'https://elsewhere.example/x.mjs' },
        },
      },
    };
    const login = { data: { resource: 'login' } };
    expect(validatorsOf(manifest, [login, login, undefined])).toEqual(['/api/ui/validators/login.2f1d.mjs']);
    expect(validatorsOf(manifest, [{ data: { resource: 'odd' } }, { data: {} }])).toEqual([]);
    expect(validatorsOf(undefined, [login])).toEqual([]);
  });

  it("keeps the uploaded files a user's screens show, and nothing else under that name", () => {
    expect(['/uploads/a.png', '/uploads/logo.webp', '/api/v1/uploads', '/upload/a.png'].map(isKeptUpload)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('never answers the API, the CSRF cookie, uploads or downloads with the app page', () => {
    const page = (path: string) => !NOT_PAGES.some((re) => re.test(path));
    expect(['/api/v1/user', '/sanctum/csrf-cookie', '/uploads/x', '/exports/7/download', '/sw.js'].map(page)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['/dashboard', '/clients/12', '/appointments/calendar'].every(page)).toBe(true);
  });

  const at = (path: string) => new URL(`http://x${path}`);
  const window = {
    url: at('/api/v1/appointments/offline'),
    body: {
      data: [
        { id: 3, date: '2027-03-05' },
        { id: 4, date: '2027-03-20' },
      ],
      from: '2027-03-04',
      to: '2027-05-03',
    },
  };
  const week = {
    url: at('/api/v1/appointments?from=2027-03-01&to=2027-03-08'),
    body: {
      data: [
        { id: 1, date: '2027-03-01' },
        { id: 3, date: '2027-03-05' },
      ],
    },
  };

  it('makes a range never read from the kept ranges that overlap it and the window, each record once, cut to it', () => {
    const month = at('/api/v1/appointments?from=2027-02-22&to=2027-03-14');
    expect(rangeFromKept(month, [week, window])).toEqual({
      data: [
        { id: 1, date: '2027-03-01' },
        { id: 3, date: '2027-03-05' },
      ],
      kept: { from: '2027-03-04', to: '2027-05-03' },
    });
  });

  it('makes class sessions from kept sessions only, and answers nothing it has nothing for', () => {
    const sessions = {
      url: at('/api/v1/classes/sessions?from=2027-03-01&to=2027-03-08'),
      body: { data: [{ id: 9, date: '2027-03-02' }] },
    };
    expect(rangeFromKept(at('/api/v1/classes/sessions?from=2027-02-22&to=2027-04-05'), [sessions, window])).toEqual({
      data: [{ id: 9, date: '2027-03-02' }],
    });
    expect(rangeFromKept(at('/api/v1/classes/sessions?from=2027-06-01&to=2027-06-08'), [sessions, window])).toBeNull();
    expect(rangeFromKept(at('/api/v1/appointments'), [week, window])).toBeNull();
    expect(rangeFromKept(at('/api/v1/clients?from=a&to=b'), [week, window])).toBeNull();
  });
});

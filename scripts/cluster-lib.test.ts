import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without type declarations
import { clusterInstances } from './cluster-lib.mjs';

describe('npm run cluster: its instances and their ports', () => {
  it('three on free ports by default, INSTANCES of them, or the ports INSTANCE_PORTS names', () => {
    expect(clusterInstances({})).toEqual({ instances: 3, ports: undefined });
    expect(clusterInstances({ INSTANCES: '2' })).toEqual({ instances: 2, ports: undefined });
    expect(clusterInstances({ INSTANCE_PORTS: '3001, 3002,3003' })).toEqual({
      instances: 3,
      ports: [3001, 3002, 3003],
    });
    expect(clusterInstances({ INSTANCE_PORTS: '4001,4002', INSTANCES: '2' })).toEqual({
      instances: 2,
      ports: [4001, 4002],
    });
  });

  it('refuses ports that cannot be, twice the same, or a count they contradict', () => {
    expect(() => clusterInstances({ INSTANCE_PORTS: '3001,http' })).toThrow(
      /INSTANCE_PORTS must be TCP ports/,
    );
    expect(() => clusterInstances({ INSTANCE_PORTS: '3001,70000' })).toThrow(
      /INSTANCE_PORTS must be TCP ports/,
    );
    expect(() => clusterInstances({ INSTANCE_PORTS: '3001,3001' })).toThrow(/names a port twice/);
    expect(() => clusterInstances({ INSTANCE_PORTS: '3001,3002', INSTANCES: '3' })).toThrow(
      /INSTANCES=3 but INSTANCE_PORTS names 2 ports/,
    );
    expect(() => clusterInstances({ INSTANCES: 'three' })).toThrow(/INSTANCES must be a whole number/);
  });
});

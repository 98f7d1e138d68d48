import { createHash, randomBytes, randomInt } from "node:crypto";
import type {
  CloudDiskAccess,
  ComputeProvider,
  ComputeTransition,
  InstanceAccess,
  InstanceAccessSecrets,
  PluginEndpoint,
  SystemDiskSnapshot,
} from "./types";

/** The sandbox fleet's delays (decision 043): creating 5 s, starting 4 s, stopping 3 s, restarting 5 s, releasing 3 s. */
export const SIMULATED_DELAYS_MS: Record<ComputeTransition, number> = {
  creating: 5_000,
  starting: 4_000,
  stopping: 3_000,
  restarting: 5_000,
  releasing: 3_000,
};

/** How long the sandbox takes to copy a system disk into an image. */
export const SIMULATED_IMAGE_COPY_MS = 6_000;

/** How long a sandbox host takes to pull a user's image it lacks (the official images are on every host). */
export const SIMULATED_IMAGE_PULL_MS = 8_000;

/** SSH ports of the sandbox's instances: a high range, as container hosts map them. */
const PORT_RANGE = { min: 20_000, max: 59_999 } as const;
const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

function password(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(0, PASSWORD_ALPHABET.length)];
  return out;
}

/**
 * The simulated fleet: no machine is touched; each transition takes its
 * delay (configurable, so tests and demos can shorten it), and a new instance
 * gets a random SSH port, a random root password and a JupyterLab token.
 */
export class SimulatedComputeProvider implements ComputeProvider {
  private readonly delays: Record<ComputeTransition, number>;
  private readonly imageCopyMs: number;
  private readonly imagePull: number;

  constructor(
    options: {
      delaysMs?: Partial<Record<ComputeTransition, number>>;
      imageCopyMs?: number;
      imagePullMs?: number;
    } = {},
  ) {
    this.delays = { ...SIMULATED_DELAYS_MS, ...options.delaysMs };
    this.imageCopyMs = options.imageCopyMs ?? SIMULATED_IMAGE_COPY_MS;
    this.imagePull = options.imagePullMs ?? SIMULATED_IMAGE_PULL_MS;
  }

  imagePullMs(): number {
    return this.imagePull;
  }

  transitionDelayMs(state: ComputeTransition): number {
    return this.delays[state];
  }

  provision(): InstanceAccessSecrets {
    return {
      sshPort: randomInt(PORT_RANGE.min, PORT_RANGE.max + 1),
      sshPassword: password(16),
      jupyterToken: randomBytes(16).toString("hex"),
    };
  }

  access(host: { sshHost: string }, secrets: InstanceAccessSecrets): InstanceAccess {
    return {
      ...secrets,
      sshHost: host.sshHost,
      sshCommand: `ssh -p ${secrets.sshPort} root@${host.sshHost}`,
      jupyterUrl: `https://${host.sshHost}:${secrets.sshPort + 1}/lab?token=${secrets.jupyterToken}`,
    };
  }

  /** The instance's public port block starts at its SSH port: slot n is SSH port + n (JupyterLab's is + 1, as `access` says). */
  pluginAddress(
    host: { sshHost: string },
    secrets: Omit<InstanceAccessSecrets, "sshPassword">,
    plugin: PluginEndpoint,
  ): string {
    const port = secrets.sshPort + plugin.slot;
    if (plugin.protocol === "tcp") return `${host.sshHost}:${port}`;
    return plugin.jupyter
      ? `https://${host.sshHost}:${port}/lab?token=${secrets.jupyterToken}`
      : `https://${host.sshHost}:${port}/`;
  }

  /** The sandbox copies nothing: the moved instance gets a new random port on its new host. */
  relocate(): { sshPort: number } {
    return { sshPort: randomInt(PORT_RANGE.min, PORT_RANGE.max + 1) };
  }

  provisionCloudDisk(regionCode: string): CloudDiskAccess {
    const name = regionCode.toLowerCase().replace(/[^a-z0-9-]/g, "-");
    return { sftpHost: `sftp-${name}.sandbox.gpu-cloud.local`, sftpPort: 2222, sftpPassword: password(16) };
  }

  /**
   * The sandbox's disk holds between 5 GB and the whole disk, the same for the
   * same instance (a hash of its id), so a test can predict it.
   */
  snapshotSystemDisk(disk: { instanceUuid: string; systemDiskGb: number }): SystemDiskSnapshot {
    const hash = createHash("sha256").update(disk.instanceUuid).digest().readUInt32BE(0);
    const least = Math.min(5, disk.systemDiskGb);
    return { sizeGb: least + (hash % (disk.systemDiskGb - least + 1)), copyMs: this.imageCopyMs };
  }
}

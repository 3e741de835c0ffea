/**
 * The simulated camera's own account of its PTZ, asked over ONVIF as any
 * client may (GetStatus through the `onvif` package, as the recorder talks
 * to it): where it points and whether it is moving. The PTZ specs use it
 * beside the picture to tell "stopped when let go" from "ran to the end of
 * its range", which a picture alone cannot.
 */
import onvif from 'onvif';
import type { SimCamera } from '../../../server/camera-sim/camera-sim';

export interface PtzStatus {
  pan: number;
  tilt: number;
  zoom: number;
  moving: boolean;
}

type Cam = InstanceType<typeof onvif.Cam>;

export class CameraPtz {
  private constructor(private readonly cam: Cam) {}

  static connect(camera: SimCamera): Promise<CameraPtz> {
    const url = new URL(camera.onvifUrl);
    return new Promise((resolve, reject) => {
      const cam: Cam = new onvif.Cam(
        { hostname: url.hostname, port: Number(url.port), path: url.pathname, username: camera.username, password: camera.password, timeout: 8000 },
        (error: Error | null) => (error ? reject(error) : resolve(new CameraPtz(cam))),
      );
    });
  }

  status(): Promise<PtzStatus> {
    return new Promise((resolve, reject) => {
      this.cam.getStatus({}, (error: Error | null, status: { position: { x: number; y: number; zoom: number }; moveStatus?: { panTilt?: string; zoom?: string } }) => {
        if (error) return reject(error);
        const moving = status.moveStatus?.panTilt === 'MOVING' || status.moveStatus?.zoom === 'MOVING';
        resolve({ pan: Number(status.position.x), tilt: Number(status.position.y), zoom: Number(status.position.zoom), moving });
      });
    });
  }
}
